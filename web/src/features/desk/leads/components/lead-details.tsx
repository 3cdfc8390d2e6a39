import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { historyQuery } from '../../mail/api/follow-up.ts';
import { leadQuery, type Lead } from '../api/leads.ts';
import { useCan } from '../../shared/api/session.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { InvitationForm } from '../../mail/components/invitation-form.tsx';
import { LeadEmails } from '../../mail/components/lead-emails.tsx';
import { LeadHistory, type ExtraEntry } from '../../mail/components/lead-history.tsx';
import { LeadDeliveries } from '../../webhooks/components/lead-deliveries.tsx';
import { leadViews, type LeadView } from './lead-views.tsx';

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
function FollowUp({
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

/** One lead whole: every field of its kind, its status control, its history, its emails and its webhook deliveries. */
export function LeadDetails<K extends LeadKind>(props: {
  kind: K;
  id: number;
  openMessage?: number;
  notes?: LeadNotesSlot;
}) {
  const { kind, id } = props;
  const view = leadViews[kind] as LeadView<K>;
  const { data: lead } = useQuery(leadQuery(kind, id));
  const mayInvite = useCan('scheduleDemoInvitation');
  const mayReadWebhooks = useCan('listWebhookDeliveries');
  // The route's loader fetched the lead (or answered "not found") before this rendered.
  if (!lead) return null;
  return (
    <Stack gap="6">
      <ChakraLink asChild variant="underline" alignSelf="flex-start">
        <Link to="/admin/$kind" params={{ kind }}>
          Back to {view.title}
        </Link>
      </ChakraLink>
      <HStack gap="3" flexWrap="wrap">
        <Heading as="h2" size="xl">
          {view.name(lead)}
        </Heading>
        <Badge>{view.title}</Badge>
      </HStack>
      <Card.Root>
        <Card.Body>
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="3">
            {view.fields.map((f) => (
              <Box key={f.header} display="contents">
                <Text as="dt" fontWeight="semibold">
                  {f.header}
                </Text>
                <Box as="dd" mb={{ base: '2', md: '0' }}>
                  {f.cell(lead)}
                </Box>
              </Box>
            ))}
          </Box>
        </Card.Body>
      </Card.Root>
      {kind === 'demos' && mayInvite && <InvitationForm demo={lead as Lead<'demos'>} />}
      <FollowUp kind={kind} id={id} openMessage={props.openMessage} notes={props.notes} />
      {mayReadWebhooks && <LeadDeliveries kind={kind} id={id} />}
    </Stack>
  );
}
