import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { historyQuery } from '../api/follow-up.ts';
import { LeadEmails } from './lead-emails.tsx';
import { LeadHistory, type ExtraEntry } from './lead-history.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={`lead-${id}`}>
      <Card.Header>
        <Heading as="h3" size="md" id={`lead-${id}`}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Notes as the page's route composes them (docs/product.md#notes): history lines and the form, if any. */
export interface LeadNotesSlot {
  entries: ExtraEntry[];
  form: ReactNode;
}

/** The lead's history and emails (docs/product.md#follow-up), or why they cannot be shown. */
export function FollowUp({
  kind,
  id,
  openMessage,
  notes,
}: {
  kind: LeadKind;
  id: number;
  openMessage?: number;
  notes?: LeadNotesSlot;
}) {
  const { data, error } = useQuery(historyQuery(kind, id));
  const state = error ? (
    <Text color="red.700">The history could not be loaded: {error.message}</Text>
  ) : (
    <Text color="gray.700">Loading…</Text>
  );
  return (
    <>
      <Section id="history" title="History">
        <Stack gap="5">
          {notes?.form}
          {data ? <LeadHistory kind={kind} id={id} events={data.events} extra={notes?.entries} /> : state}
        </Stack>
      </Section>
      <Section id="emails" title="Emails">
        {data ? <LeadEmails kind={kind} id={id} messages={data.messages} open={openMessage} /> : state}
      </Section>
    </>
  );
}
