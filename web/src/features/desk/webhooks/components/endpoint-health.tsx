import { Badge, Stack, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import { deliveriesPageQuery, deliveryStatuses, eventLabel } from '../api/webhook-deliveries.ts';
import type { WebhookEndpoint } from '../api/webhooks.ts';
import { formatDate } from '../../shared/format.ts';

const reasons: Record<string, string> = schemas.WebhookDisabledReason['x-enum-labels'];
export const statusPalette: Record<string, string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };
export const statusLabel = (status: string) =>
  deliveryStatuses.find((s) => s.value === status)?.label ?? status;

/** Enabled or disabled (and why, since when), and failing since when (docs/webhooks.md#a-failing-endpoint-is-disabled). */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled)
    return (
      <Stack gap="1">
        <Badge colorPalette="gray" alignSelf="flex-start">
          Disabled
        </Badge>
        <Text fontSize="sm" color="gray.700">
          {reasons[endpoint.disabledReason ?? ''] ?? 'Disabled'}
          {endpoint.disabledAt ? ` (since ${formatDate(endpoint.disabledAt)})` : ''}
        </Text>
      </Stack>
    );
  if (endpoint.failingSince)
    return (
      <Stack gap="1">
        <Badge colorPalette="red" alignSelf="flex-start">
          Failing
        </Badge>
        <Text fontSize="sm" color="gray.700">
          No successful delivery since {formatDate(endpoint.failingSince)}
        </Text>
      </Stack>
    );
  return (
    <Badge colorPalette="green" alignSelf="flex-start">
      Enabled
    </Badge>
  );
}

/** The endpoint's newest delivery: its event, status and time. */
export function LastDelivery({ endpointId }: { endpointId: number }) {
  const { data, isPending, isError } = useQuery(deliveriesPageQuery({ endpointId }, {}));
  if (isPending) return <Text color="gray.700">Loading…</Text>;
  if (isError) return <Text color="gray.700">Could not load deliveries</Text>;
  const last = data.deliveries[0];
  if (!last) return <Text color="gray.700">No deliveries yet</Text>;
  return (
    <Stack gap="1">
      <Badge colorPalette={statusPalette[last.status]} alignSelf="flex-start">
        {statusLabel(last.status)}
      </Badge>
      <Text fontSize="sm" color="gray.700">
        {eventLabel(last.event)}, {formatDate(last.createdAt)}
      </Text>
    </Stack>
  );
}
