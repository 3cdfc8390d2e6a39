import { Box, Button, Heading, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCorrectLead, type LeadCorrection } from '../api/correct-lead.ts';

type Field = keyof LeadCorrection;
const LABELS: Record<Field, string> = { name: 'Name', email: 'Email', phone: 'Phone', company: 'Company' };

/**
 * Correct a lead's personal fields, for admins (docs/product.md#personal-data-correct): only what
 * changed is sent, and the audit log keeps the field names only. A link finds the lead's person.
 */
export function CorrectLeadForm(props: {
  kind: components['schemas']['LeadKind'];
  id: number;
  values: Partial<Record<Field, string>>;
}) {
  const { kind, id, values } = props;
  const [open, setOpen] = useState(false);
  const correct = useCorrectLead(kind, id);
  const fields = (Object.keys(LABELS) as Field[]).filter((f) => values[f] !== undefined);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const changed = Object.fromEntries(
      fields.map((f) => [f, String(form.get(f) ?? '').trim()]).filter(([f, v]) => v !== values[f as Field]),
    ) as LeadCorrection;
    if (Object.keys(changed).length === 0) return setOpen(false);
    correct.mutate(changed, {
      onSuccess: (r) => {
        setOpen(false);
        notify({
          type: 'success',
          title: 'Corrected',
          description: `Changed: ${r.changed.join(', ') || 'nothing'}.`,
        });
      },
      onError: (err) =>
        notify({
          type: 'error',
          title: 'Not corrected',
          description: err instanceof ApiError ? (err.detail ?? err.message) : String(err),
        }),
    });
  };
  return (
    <Box as="section" bg="white" rounded="md" borderWidth="1px" p="4" aria-label="Personal data">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h3" size="md">
          Personal data
        </Heading>
        <HStack>
          <ChakraLink asChild>
            <Link to="/admin/personal-data" search={{ leadKind: kind, leadId: id }}>
              Everything held about this person
            </Link>
          </ChakraLink>
          {!open && values.email !== '' && (
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              Correct…
            </Button>
          )}
        </HStack>
      </HStack>
      {values.email === '' && <Text color="fg.muted">This lead was erased.</Text>}
      {open && (
        <form onSubmit={submit} aria-label="Correct personal data">
          <Stack gap="3" mt="3">
            {fields.map((f) => (
              <Box key={f}>
                <label htmlFor={`correct-${f}`}>
                  <Text fontWeight="medium">{LABELS[f]}</Text>
                </label>
                <Input
                  id={`correct-${f}`}
                  name={f}
                  defaultValue={values[f]}
                  type={f === 'email' ? 'email' : 'text'}
                />
              </Box>
            ))}
            <HStack>
              <Button type="submit" loading={correct.isPending}>
                Save corrections
              </Button>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Box>
  );
}
