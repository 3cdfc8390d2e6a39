import { Box, Button, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { exportUrl, type PersonalData, type PersonSearch } from '../api/personal-data.ts';

const kindLabels = schemas.LeadKind['x-enum-labels'] as Record<string, string>;
const actionLabels = schemas.AuditAction['x-enum-labels'] as Record<string, string>;
const templateLabels = schemas.MailTemplate['x-enum-labels'] as Record<string, string>;
const statusLabels = schemas.MailStatus['x-enum-labels'] as Record<string, string>;
const spamLabels = schemas.SpamCheck['x-enum-labels'] as Record<string, string>;
/** A lead's page in the desk, by the kind's slug. */
const deskPath = {
  contact: 'contacts',
  demo: 'demos',
  'get-started': 'get-started',
  newsletter: 'newsletters',
} as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function Group(props: { title: string; count: number; children: ReactNode }) {
  return (
    <Box as="section" bg="white" rounded="md" borderWidth="1px" p="4" aria-label={props.title}>
      <Heading as="h3" size="md" mb="2">
        {props.title} ({props.count})
      </Heading>
      {props.count === 0 ? (
        <Text color="fg.muted">None.</Text>
      ) : (
        <List.Root gap="1">{props.children}</List.Root>
      )}
    </Box>
  );
}

function LeadLink({ lead }: { lead: { kind: keyof typeof deskPath; id: number } }) {
  return (
    <ChakraLink asChild>
      <Link to="/admin/$kind/$id" params={{ kind: deskPath[lead.kind], id: lead.id }}>
        {kindLabels[lead.kind]} {lead.id}
      </Link>
    </ChakraLink>
  );
}

/** Everything held about the person, grouped as the export is (docs/product.md#personal-data-find). */
export function PersonalDataGroups({ data, search }: { data: PersonalData; search: PersonSearch }) {
  const leads = (['contact', 'demo', 'get-started'] as const).flatMap((kind) =>
    data.leads[kind].map((l) => ({ kind, lead: l })),
  );
  const subscriber = data.newsletter.subscriber;
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h3" size="lg">
          {data.email ?? 'An erased lead'}
        </Heading>
        <Button asChild variant="outline" size="sm">
          <a href={exportUrl(search)} download>
            Export JSON
          </a>
        </Button>
      </HStack>
      <Group title="Leads" count={leads.length}>
        {leads.map(({ kind, lead }) => (
          <List.Item key={`${kind}-${lead.id}`}>
            <LeadLink lead={{ kind, id: lead.id }} />: {lead.name || '(erased)'}, {when(lead.createdAt)}
          </List.Item>
        ))}
      </Group>
      <Group title="Newsletter subscription" count={subscriber ? 1 : 0}>
        {subscriber && (
          <List.Item>
            <LeadLink lead={{ kind: 'newsletter', id: subscriber.id }} />: {subscriber.status}, since{' '}
            {when(subscriber.createdAt)}; consent records: {data.newsletter.consents.length}
            {data.newsletter.consents.map(
              (c) => ` (asked ${when(c.requestedAt)}, confirmed ${when(c.confirmedAt) || 'never'})`,
            )}
          </List.Item>
        )}
      </Group>
      <Group title="Emails" count={data.emails.length}>
        {data.emails.map((m) => (
          <List.Item key={m.id}>
            {templateLabels[m.template]}: {m.subject ?? '(no subject)'}, {when(m.sentAt ?? m.createdAt)},{' '}
            {statusLabels[m.status]}
          </List.Item>
        ))}
      </Group>
      <Group title="Demo invitations" count={data.demoInvitations.length}>
        {data.demoInvitations.map((i) => (
          <List.Item key={i.demoId}>
            <LeadLink lead={{ kind: 'demo', id: i.demoId }} />: {when(i.invitation.startsAt)}
            {i.invitation.cancelled ? ' (cancelled)' : ''}
          </List.Item>
        ))}
      </Group>
      <Group title="Webhook deliveries" count={data.webhookDeliveries.length}>
        {data.webhookDeliveries.map((d) => (
          <List.Item key={d.id}>
            {d.event} to endpoint {d.endpointId}, {when(d.createdAt)}, {d.status}
          </List.Item>
        ))}
      </Group>
      <Group title="Notes" count={data.notes.length}>
        {data.notes.map(({ lead, note }) => (
          <List.Item key={note.id}>
            <LeadLink lead={lead} />, {note.author.username}, {when(note.at)}: {note.text ?? '(deleted)'}
          </List.Item>
        ))}
      </Group>
      <Group title="Audit entries about these leads" count={data.auditEntries.length}>
        {data.auditEntries.map((e) => (
          <List.Item key={e.id}>
            {when(e.at)}: {actionLabels[e.action] ?? e.action}
            {e.actor.username ? ` by ${e.actor.username}` : ''}
          </List.Item>
        ))}
      </Group>
      <Group title="Held as suspected spam" count={data.suspectedSpam.length}>
        {data.suspectedSpam.map((h) => (
          <List.Item key={`${h.kind}-${h.id}`}>
            {kindLabels[h.kind]} {h.id}: {h.fields.name || '(no name)'}, {when(h.createdAt)},{' '}
            {spamLabels[h.reason] ?? h.reason}
          </List.Item>
        ))}
      </Group>
      <Group title="Kept by the address" count={data.idempotencyKeys.length}>
        {data.idempotencyKeys.map((k) => (
          <List.Item key={`key-${k.operation}-${k.key}`}>
            An Idempotency-Key of {k.operation}, {when(k.createdAt)}
          </List.Item>
        ))}
      </Group>
      <Text color="fg.muted" fontSize="sm">
        History events on these leads: {data.timeline.length} (on each lead&apos;s page, and in the export).
      </Text>
    </Stack>
  );
}
