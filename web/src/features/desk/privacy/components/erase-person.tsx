import { Alert, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useErasePerson, type PersonalData } from '../api/personal-data.ts';

/** What an erasure takes, in words, for the confirmation (docs/product.md#erasure). */
function whatGoes(d: PersonalData): string {
  const leads = d.leads.contact.length + d.leads.demo.length + d.leads['get-started'].length;
  const parts = [
    `${leads} lead${leads === 1 ? '' : 's'} keep only their kind, date and status (their landing page, referrer and campaign go too)`,
    `${d.emails.length} email${d.emails.length === 1 ? '' : 's'} and ${d.webhookDeliveries.length} webhook deliveries lose their content`,
    `${d.notes.length} note${d.notes.length === 1 ? '' : 's'} lose their text`,
  ];
  if (d.newsletter.subscriber) parts.push('the newsletter subscription and its consent are deleted');
  const held = d.suspectedSpam.length;
  if (held > 0)
    parts.push(
      `${held} lead${held === 1 ? '' : 's'} held as suspected spam ${held === 1 ? 'is' : 'are'} deleted`,
    );
  return parts.join('; ');
}

/** "Erase" with a confirmation that names the person, what goes and that it cannot be undone. */
export function ErasePerson({ data, email }: { data: PersonalData; email: string }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useErasePerson();
  const run = () =>
    erase.mutate(email, {
      onSuccess: (r) => {
        setConfirming(false);
        notify({
          type: 'success',
          title: 'Erased',
          description: `${email}: ${r.leads.length} leads erased.`,
        });
      },
      onError: (err) =>
        notify({
          type: 'error',
          title: 'Not erased',
          description: err instanceof ApiError ? (err.detail ?? err.message) : String(err),
        }),
    });
  if (!confirming)
    return (
      <Box>
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          Erase this person…
        </Button>
      </Box>
    );
  return (
    <Alert.Root status="error" role="alertdialog" aria-label={`Erase ${email}`}>
      <Alert.Content>
        <Alert.Title>Erase everything held about {email}?</Alert.Title>
        <Alert.Description>
          <Text>{whatGoes(data)}. A person.erased webhook tells connected tools the lead ids.</Text>
          <Text fontWeight="bold">This cannot be undone.</Text>
          <HStack mt="3">
            <Button colorPalette="red" onClick={run} loading={erase.isPending}>
              Erase {email} for good
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
