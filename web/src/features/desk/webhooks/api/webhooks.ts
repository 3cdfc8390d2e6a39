import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api, ApiError } from '../../../../lib/api-client.ts';
import { adminKey } from '../../shared/api/session.ts';

type S = components['schemas'];
export type WebhookEndpoint = S['WebhookEndpoint'];
export type WebhookEndpointInput = S['WebhookEndpointInput'];
export type WebhookEndpointChanges = S['WebhookEndpointChanges'];
/** An endpoint with its signing secret: only the answers to create and rotate hold one. */
export type EndpointWithSecret = S['WebhookEndpointWithSecret'];

/** Every webhook query: endpoints and deliveries go stale together when one of them changes. */
export const webhooksKey = [...adminKey, 'webhooks'] as const;

export const endpointsQuery = queryOptions({
  queryKey: [...webhooksKey, 'endpoints'],
  queryFn: async () => (await api.GET('/api/webhooks')).data!.endpoints,
});

/** One endpoint, or null when there is none with that id (the page shows "not found"). */
export const endpointQuery = (id: number) =>
  queryOptions({
    queryKey: [...webhooksKey, 'endpoint', id],
    queryFn: async (): Promise<WebhookEndpoint | null> => {
      try {
        return (await api.GET('/api/webhooks/{id}', { params: { path: { id } } })).data!;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

function useWebhookMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation(async (body: WebhookEndpointInput) => (await api.POST('/api/webhooks', { body })).data!);

export const useUpdateEndpoint = (id: number) =>
  useWebhookMutation(
    async (body: WebhookEndpointChanges) =>
      (await api.PATCH('/api/webhooks/{id}', { params: { path: { id } }, body })).data!,
  );

export function useDeleteEndpoint(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.DELETE('/api/webhooks/{id}', { params: { path: { id } } });
    },
    // The endpoint's own queries go (refetching them would answer 404); the list is fetched anew.
    onSuccess: () => {
      qc.removeQueries({ queryKey: [...webhooksKey, 'endpoint', id] });
      return qc.invalidateQueries({ queryKey: webhooksKey });
    },
  });
}

export const useRotateSecret = (id: number) =>
  useWebhookMutation(
    async () => (await api.POST('/api/webhooks/{id}/rotate-secret', { params: { path: { id } } })).data!,
  );

/** Sends a `webhook.test` now; answers the test delivery with its one attempt (docs/webhooks.md). */
export const useSendTest = (id: number) =>
  useWebhookMutation(
    async () => (await api.POST('/api/webhooks/{id}/test', { params: { path: { id } } })).data!,
  );
