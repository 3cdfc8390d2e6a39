import { Badge, Box, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CodeBlock } from '../../../../components/code-block.tsx';
import { notify } from '../../../../components/notices.tsx';
import { deliveryQuery, eventLabel, useRedeliver, type WebhookDelivery } from '../api/webhook-deliveries.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { formatDate } from '../../shared/format.ts';
import { statusLabel, statusPalette } from './endpoint-health.tsx';
import { leadKindOptions } from './endpoint-schema.ts';
import { failed } from './notices.ts';

/** A lead's kind as the API's objects name it, to the desk's path for that kind. */
const deskKind: Record<components['schemas']['LeadKind'], LeadKind> = {
  contact: 'contacts',
  demo: 'demos',
  'get-started': 'get-started',
  newsletter: 'newsletters',
};

/** What an attempt got: the receiver's status, or why there was none. */
export const attemptResult = (a: { statusCode: number | null; error: string | null } | null) =>
  a ? [a.statusCode ? `HTTP ${a.statusCode}` : '', a.error ?? ''].filter(Boolean).join(': ') || '—' : '—';

/** What the lists of deliveries show of each, after its event (and endpoint). */
export const deliveryColumns: Column<WebhookDelivery>[] = [
  {
    header: 'Status',
    cell: (d) => <Badge colorPalette={statusPalette[d.status]}>{statusLabel(d.status)}</Badge>,
  },
  { header: 'Attempts', cell: (d) => d.attempts },
  { header: 'Last response', cell: (d) => attemptResult(d.lastAttempt) },
  { header: 'Time', cell: (d) => formatDate(d.createdAt) },
];

const attemptColumns: Column<components['schemas']['WebhookAttempt']>[] = [
  { header: 'Attempt', cell: (a) => a.attempt },
  { header: 'Time', cell: (a) => formatDate(a.startedAt) },
  { header: 'Result', cell: attemptResult },
  { header: 'Duration', cell: (a) => `${a.durationMs} ms` },
  {
    header: 'Response (first 1 KB)',
    cell: (a) => a.responseExcerpt || '—',
    cellProps: { fontFamily: 'mono', whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  },
];

/** One delivery opened: its facts, every attempt, the body it sends, and Redeliver when it failed. */
export function DeliveryDetail({ id }: { id: number }) {
  const { data, isPending, isError, error } = useQuery(deliveryQuery(id));
  const redeliver = useRedeliver();
  if (isPending) return <Text>Loading delivery {id}…</Text>;
  if (isError) return <Text role="alert">This delivery could not be loaded: {error.message}</Text>;
  if (!data) return <Text>There is no delivery {id}: its endpoint may have been deleted.</Text>;
  const { delivery, attempts, payload } = data;
  const headingId = `delivery-${id}-title`;
  return (
    <Stack gap="4" as="section" aria-labelledby={headingId} p="2">
      <HStack gap="3" flexWrap="wrap">
        <Heading as="h4" size="sm" id={headingId}>
          Delivery {delivery.id}: {eventLabel(delivery.event)}
        </Heading>
        <Badge colorPalette={statusPalette[delivery.status]}>{statusLabel(delivery.status)}</Badge>
      </HStack>
      <Box
        as="dl"
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: '10rem 1fr' }}
        gap="1"
        fontSize="sm"
      >
        <Text as="dt" fontWeight="semibold">
          webhook-id
        </Text>
        <Text as="dd" fontFamily="mono" wordBreak="break-all">
          {delivery.webhookId}
        </Text>
        <Text as="dt" fontWeight="semibold">
          Lead
        </Text>
        <Box as="dd">
          {delivery.lead ? (
            <ChakraLink asChild variant="underline">
              <Link
                to="/admin/$kind/$id"
                params={{ kind: deskKind[delivery.lead.kind], id: delivery.lead.id }}
              >
                {leadKindOptions.find((o) => o.value === delivery.lead?.kind)?.label} {delivery.lead.id}
              </Link>
            </ChakraLink>
          ) : (
            '—'
          )}
        </Box>
        <Text as="dt" fontWeight="semibold">
          Next attempt
        </Text>
        <Text as="dd">{delivery.nextAttemptAt ? formatDate(delivery.nextAttemptAt) : '—'}</Text>
        {delivery.redeliveryOf !== null && (
          <>
            <Text as="dt" fontWeight="semibold">
              Redelivery of
            </Text>
            <Text as="dd">Delivery {delivery.redeliveryOf}</Text>
          </>
        )}
      </Box>
      {delivery.status === 'failed' && (
        <Button
          size="sm"
          colorPalette="blue"
          alignSelf="flex-start"
          loading={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(delivery.id, {
              onSuccess: (d) =>
                notify({
                  type: 'success',
                  title: 'Redelivery queued',
                  description: `Delivery ${d.id} sends the same event again.`,
                }),
              onError: (e) => notify(failed('The delivery could not be sent again', e)),
            })
          }
        >
          Redeliver
        </Button>
      )}
      <DataTable
        plain
        label={`Attempts of delivery ${delivery.id}`}
        columns={attemptColumns}
        rows={attempts}
        rowKey={(a) => a.attempt}
        empty="No attempt yet."
      />
      <CodeBlock label="Payload" code={JSON.stringify(payload, null, 2)} />
    </Stack>
  );
}
