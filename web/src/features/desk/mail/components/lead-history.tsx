import { Badge, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { formatDate } from '../../shared/format.ts';
import { eventLabel, eventPalette, templateLabel } from './mail-labels.ts';

type LeadEvent = components['schemas']['LeadEvent'];
/** A line another capability adds to the history (the team's notes): when, and how it reads. */
export interface ExtraEntry {
  at: string;
  key: string;
  node: ReactNode;
}

/**
 * What happened to a lead, oldest first: each line says when, what, by whom, and which email; the
 * `extra` lines (notes) take their place among them by time.
 */
export function LeadHistory({
  kind,
  id,
  events,
  extra = [],
}: {
  kind: LeadKind;
  id: number;
  events: LeadEvent[];
  extra?: ExtraEntry[];
}) {
  if (events.length === 0 && extra.length === 0)
    return <Text color="gray.700">Nothing has happened to this lead yet.</Text>;
  const lines = [
    ...events.map((e, i) => ({ at: e.at, key: `event-${i}`, node: <EventLine kind={kind} id={id} e={e} /> })),
    ...extra,
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Stack as="ol" listStyleType="none" gap="3" data-testid="lead-history">
      {lines.map((line) => (
        <li key={line.key}>{line.node}</li>
      ))}
    </Stack>
  );
}

function EventLine({ kind, id, e }: { kind: LeadKind; id: number; e: LeadEvent }) {
  return (
    <Box borderLeftWidth="3px" borderColor={`${eventPalette(e.type)}.500`} pl="3">
      <HStack gap="2" flexWrap="wrap">
        <Text as="span" fontWeight="semibold">
          {eventLabel(e.type)}
        </Text>
        {e.template && <Badge>{templateLabel(e.template)}</Badge>}
        <Text as="span" fontSize="sm" color="gray.700">
          <time dateTime={e.at}>{formatDate(e.at)}</time>
          {e.actor ? ` · by ${e.actor}` : ''}
        </Text>
      </HStack>
      {e.detail && <Text whiteSpace="pre-wrap">{e.detail}</Text>}
      {e.messageId !== null && (
        <ChakraLink asChild variant="underline" fontSize="sm">
          <Link
            to="/admin/$kind/$id"
            params={{ kind, id }}
            search={{ message: e.messageId }}
            hash={`email-${e.messageId}`}
            resetScroll={false}
          >
            Open email #{e.messageId}
          </Link>
        </ChakraLink>
      )}
    </Box>
  );
}
