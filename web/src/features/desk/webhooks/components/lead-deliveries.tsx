import { Badge, Box, Card, Heading, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { deliveriesPageQuery, eventLabel } from '../api/webhook-deliveries.ts';
import { endpointsQuery } from '../api/webhooks.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { formatDate } from '../../shared/format.ts';
import { attemptResult } from './delivery-detail.tsx';
import { statusLabel, statusPalette } from './endpoint-health.tsx';

/** The desk's path for a kind of lead, to the kind as the API's objects name it. */
const apiKind: Record<LeadKind, components['schemas']['LeadKind']> = {
  contacts: 'contact',
  demos: 'demo',
  'get-started': 'get-started',
  newsletters: 'newsletter',
};

/**
 * The webhook deliveries a lead caused, newest first (the first page; each opens on its endpoint's
 * page, where the whole log is): docs/product.md#webhooks.
 */
export function LeadDeliveries({ kind, id }: { kind: LeadKind; id: number }) {
  const page = useQuery(deliveriesPageQuery({ leadKind: apiKind[kind], leadId: id }, {}));
  const { data: endpoints } = useQuery(endpointsQuery);
  const url = (endpointId: number) =>
    endpoints?.find((e) => e.id === endpointId)?.url ?? `Endpoint ${endpointId}`;
  const rows = page.data?.deliveries ?? [];
  return (
    <Card.Root as="section" aria-labelledby="lead-webhooks">
      <Card.Header>
        <Heading as="h3" size="md" id="lead-webhooks">
          Webhook deliveries
        </Heading>
      </Card.Header>
      <Card.Body>
        {page.isError && <Text role="alert">The deliveries could not be loaded: {page.error.message}</Text>}
        {page.isSuccess && rows.length === 0 && (
          <Text color="gray.700">No webhook deliveries for this lead.</Text>
        )}
        {rows.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="Webhook deliveries of this lead">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Event</Table.ColumnHeader>
                  <Table.ColumnHeader>Endpoint</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Attempts</Table.ColumnHeader>
                  <Table.ColumnHeader>Last response</Table.ColumnHeader>
                  <Table.ColumnHeader>Time</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((d) => (
                  <Table.Row key={d.id}>
                    <Table.Cell>
                      <ChakraLink asChild variant="underline">
                        <Link
                          to="/admin/webhooks/$id"
                          params={{ id: d.endpointId }}
                          search={{ delivery: d.id }}
                        >
                          {eventLabel(d.event)}
                        </Link>
                      </ChakraLink>
                    </Table.Cell>
                    <Table.Cell wordBreak="break-all">{url(d.endpointId)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={statusPalette[d.status]}>{statusLabel(d.status)}</Badge>
                    </Table.Cell>
                    <Table.Cell>{d.attempts}</Table.Cell>
                    <Table.Cell>{attemptResult(d.lastAttempt)}</Table.Cell>
                    <Table.Cell>{formatDate(d.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
