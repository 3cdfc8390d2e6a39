import { Card, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  deliveriesPageQuery,
  eventLabel,
  type WebhookDelivery as Delivery,
} from '../api/webhook-deliveries.ts';
import { endpointsQuery } from '../api/webhooks.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { deliveryColumns } from './delivery-detail.tsx';

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
  const columns: Column<Delivery>[] = [
    {
      header: 'Event',
      cell: (d) => (
        <ChakraLink asChild variant="underline">
          <Link to="/admin/webhooks/$id" params={{ id: d.endpointId }} search={{ delivery: d.id }}>
            {eventLabel(d.event)}
          </Link>
        </ChakraLink>
      ),
    },
    { header: 'Endpoint', cell: (d) => url(d.endpointId), cellProps: { wordBreak: 'break-all' } },
    ...deliveryColumns,
  ];
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
          <DataTable
            plain
            label="Webhook deliveries of this lead"
            columns={columns}
            rows={rows}
            rowKey={(d) => d.id}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
