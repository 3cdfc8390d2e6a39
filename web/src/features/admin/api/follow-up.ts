import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api } from '../../../lib/api-client.ts';
import type { LeadKind } from '../desk-routes.ts';
import { adminKey } from './session.ts';

type S = components['schemas'];

/** The desk's paths name a kind in the plural (as the lists' API does); history and mail, singly. */
export const historyKind = {
  contacts: 'contact',
  demos: 'demo',
  'get-started': 'get-started',
  newsletters: 'newsletter',
} as const satisfies Record<LeadKind, S['LeadKind']>;

export const deskKind = Object.fromEntries(
  Object.entries(historyKind).map(([desk, kind]) => [kind, desk]),
) as { [K in LeadKind as (typeof historyKind)[K]]: K };

/** A lead's history and emails, oldest first (docs/product.md#follow-up). */
export const historyQuery = (kind: LeadKind, id: number) =>
  queryOptions({
    queryKey: [...adminKey, kind, 'one', id, 'history'],
    queryFn: async () =>
      (
        await api.GET('/api/leads/{kind}/{id}/history', {
          params: { path: { kind: historyKind[kind], id } },
        })
      ).data!,
  });

/** One email whole: its content as sent, or as it would have been sent when held. */
export const mailMessageQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey, 'mail', id],
    queryFn: async () => (await api.GET('/api/mail-messages/{id}', { params: { path: { id } } })).data!,
  });

/** Queues a failed or held email again; the lead's history and the delivery card then tell what happens. */
export function useResendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.POST('/api/mail-messages/{id}/resend', { params: { path: { id } } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

/** Email delivery at a glance, for the overview's card. */
export const deliveryQuery = queryOptions({
  queryKey: [...adminKey, 'delivery'],
  queryFn: async () => (await api.GET('/api/admin/delivery')).data!,
});
