import { Button, Card, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { invitationSchema, useScheduleInvitation, type InvitationValues } from '../api/invitation.ts';
import type { Lead } from '../../shared/api/lead.ts';
import { describeInvitation, knownTimeZones, startingValues } from './invitation-values.ts';
import { CancelInvitation } from './cancel-invitation.tsx';

const fields: { name: Path<InvitationValues>; label: string; type: string; help?: string }[] = [
  { name: 'date', label: 'Date', type: 'date' },
  { name: 'time', label: 'Start time', type: 'time', help: '24-hour, on the clocks of the time zone below.' },
  { name: 'timeZone', label: 'Time zone', type: 'text', help: 'An IANA name, e.g. Europe/Berlin.' },
  { name: 'durationMinutes', label: 'Duration (minutes)', type: 'number', help: 'From 15 to 480.' },
  {
    name: 'meetingUrl',
    label: 'Meeting link (optional)',
    type: 'url',
    help: 'An http:// or https:// address.',
  },
];

/**
 * A demo's calendar invitation (docs/product.md#follow-up): send it (the demo becomes confirmed),
 * move it (an update to the same event) or cancel it (the demo becomes cancelled). The server's
 * objections (a time in the past, one the clocks skip, an unknown zone) appear at their field.
 */
export function InvitationForm({ demo }: { demo: Lead<'demos'> }) {
  const active = demo.invitation && !demo.invitation.cancelled ? demo.invitation : null;
  const form = useForm<InvitationValues, unknown, ReturnType<typeof invitationSchema.parse>>({
    resolver: zodResolver(invitationSchema),
    defaultValues: startingValues(demo.invitation),
  });
  const schedule = useScheduleInvitation(demo.id);
  const [failure, setFailure] = useState<string | null>(null);
  const e = form.formState.errors;
  const [zones] = useState(knownTimeZones);

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    schedule.mutate(body, {
      onSuccess: (updated) => {
        form.reset(startingValues(updated.invitation));
        notify({
          type: 'success',
          title: active ? 'Invitation moved' : 'Invitation sent',
          description: `${demo.email} gets the calendar invitation; the demo is confirmed.`,
        });
      },
      onError: (error) => {
        const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
        const names = new Set(fields.map((f) => f.name as string));
        let placed = false;
        for (const p of problems) {
          const name = p.path.replace(/^\//, '');
          if (names.has(name)) {
            form.setError(name as Path<InvitationValues>, { message: p.message }, { shouldFocus: !placed });
            placed = true;
          }
        }
        if (!placed)
          setFailure(
            (error instanceof ApiError && error.detail) ||
              'The invitation could not be sent. Please try again.',
          );
      },
    });
  });

  return (
    <Card.Root as="section" aria-labelledby="lead-invitation">
      <Card.Header>
        <Heading as="h3" size="md" id="lead-invitation">
          Calendar invitation
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text data-testid="invitation-state">
            {!demo.invitation
              ? 'No invitation has been sent yet.'
              : demo.invitation.cancelled
                ? `Cancelled: ${describeInvitation(demo.invitation)}. Sending a new one confirms the demo again.`
                : `Sent: ${describeInvitation(demo.invitation)}.`}
            {active?.meetingUrl && (
              <>
                {' '}
                Meeting link:{' '}
                <Link href={active.meetingUrl} variant="underline" target="_blank" rel="noreferrer">
                  {active.meetingUrl}
                </Link>
              </>
            )}
          </Text>
          <form noValidate aria-label="Calendar invitation" onSubmit={submit}>
            <Stack gap="4">
              <HStack gap="4" flexWrap="wrap" align="flex-start">
                {fields.map((f) => (
                  <Field.Root
                    key={f.name}
                    invalid={Boolean(e[f.name])}
                    required={f.name !== 'meetingUrl'}
                    w={{ base: 'full', md: f.name === 'meetingUrl' ? 'full' : '56' }}
                  >
                    <Field.Label>{f.label}</Field.Label>
                    <Input
                      type={f.type}
                      {...(f.name === 'timeZone' ? { list: 'time-zones', autoComplete: 'off' } : {})}
                      {...(f.name === 'durationMinutes' ? { min: 15, max: 480, step: 1 } : {})}
                      {...form.register(f.name)}
                    />
                    {f.help && !e[f.name] && <Field.HelperText>{f.help}</Field.HelperText>}
                    <Field.ErrorText color="red.700">{e[f.name]?.message}</Field.ErrorText>
                  </Field.Root>
                ))}
              </HStack>
              <datalist id="time-zones">
                {zones.map((z) => (
                  <option key={z} value={z} />
                ))}
              </datalist>
              {failure && (
                <Text role="alert" color="red.700">
                  {failure}
                </Text>
              )}
              <HStack gap="3" flexWrap="wrap">
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={schedule.isPending}
                  loadingText="Sending..."
                >
                  {active ? 'Move invitation' : 'Send invitation'}
                </Button>
                {active && <CancelInvitation demo={demo} />}
              </HStack>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
