import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { api, ApiError } from '../../../../lib/api-client.ts';
import type { DeliverySearch } from '../webhook-routes.ts';
import { webhooksKey } from './webhooks.ts';

type S = components['schemas'];
export type WebhookDelivery = S['WebhookDelivery'];
export type DeliveryEvent = S['WebhookDeliveryEvent'];
export type DeliveryStatus = S['WebhookDeliveryStatus'];
type DeliveryQuery = NonNullable<paths['/api/webhook-deliveries']['get']['parameters']['query']>;

export const DELIVERIES_PAGE_SIZE = 25;

// The desk's own event, beside the subscribable ones: the `type` of the contract's test body.
const testEvent = schemas.WebhookTestEvent.properties.type.const;
const eventLabels: Record<string, string> = schemas.WebhookEvent['x-enum-labels'];
/** Every event a delivery can carry, with its label: the subscribable ones and the test event. */
export const deliveryEvents: { value: DeliveryEvent; label: string }[] = [
  ...schemas.WebhookEvent.enum.map((value) => ({ value, label: eventLabels[value]! })),
  { value: testEvent, label: 'Test event' },
];
export const eventLabel = (event: string) => deliveryEvents.find((e) => e.value === event)?.label ?? event;

const statusLabels: Record<string, string> = schemas.WebhookDeliveryStatus['x-enum-labels'];
export const deliveryStatuses = schemas.WebhookDeliveryStatus.enum.map((value) => ({
  value,
  label: statusLabels[value]!,
}));

/** Whom a log lists: one endpoint's deliveries, or the deliveries one lead caused. */
export type DeliveryOwner = Pick<DeliveryQuery, 'endpointId' | 'leadKind' | 'leadId'>;

/**
 * The URL's filters as the API's query, or an error the page shows when the address names an
 * event or status the contract does not have (the router checked only their shape).
 */
export function deliveryFilters(search: DeliverySearch): Pick<DeliveryQuery, 'event' | 'status' | 'since'> {
  const event = deliveryEvents.find((e) => e.value === search.event)?.value;
  const status = deliveryStatuses.find((s) => s.value === search.status)?.value;
  if (search.event !== undefined && !event)
    throw new Error('The event in this address is not one the desk knows.');
  if (search.status !== undefined && !status)
    throw new Error('The status in this address is not one the desk knows.');
  // The start of that day where the viewer is, as the date picker meant it.
  const since = search.since ? new Date(`${search.since}T00:00:00`).toISOString() : undefined;
  return { ...(event ? { event } : {}), ...(status ? { status } : {}), ...(since ? { since } : {}) };
}

export const deliveriesPageQuery = (owner: DeliveryOwner, search: DeliverySearch) => {
  const query = { ...owner, ...deliveryFilters(search), ...(search.cursor ? { cursor: search.cursor } : {}) };
  return queryOptions({
    queryKey: [...webhooksKey, 'deliveries', query],
    queryFn: async () =>
      (
        await api.GET('/api/webhook-deliveries', {
          params: { query: { limit: DELIVERIES_PAGE_SIZE, ...query } },
        })
      ).data!,
  });
};

/** One delivery with its attempts and payload, or null when it is gone (its endpoint was deleted). */
export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: [...webhooksKey, 'delivery', id],
    queryFn: async () => {
      try {
        return (await api.GET('/api/webhook-deliveries/{id}', { params: { path: { id } } })).data!;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

/** Sends a delivery's event again as a new delivery (same webhook-id, fresh retry schedule). */
export function useRedeliver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.POST('/api/webhook-deliveries/{id}/redeliver', { params: { path: { id } } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}
