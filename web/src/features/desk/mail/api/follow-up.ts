import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/notices.tsx';
import { api, ApiError } from '../../../../lib/api-client.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { adminKey } from '../../shared/api/session.ts';

import { historyKind } from '../../shared/api/lead.ts';

// The kinds' names in the history's and mail's paths (shared: the assignment's paths use them too).
export { deskKind, historyKind } from '../../shared/api/lead.ts';

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
    // Said here, not by the button: the refetch below turns the email from held or failed to queued,
    // which removes its button, and a removed component's own callbacks never run.
    onSuccess: () => {
      notify({
        type: 'success',
        title: 'Queued to send again',
        description: 'Its history on this page shows what happens next.',
      });
      return qc.invalidateQueries({ queryKey: adminKey });
    },
    onError: (e) =>
      notify({
        type: 'error',
        title: 'Could not send the email again',
        description: (e instanceof ApiError && e.detail) || 'Please try again later.',
      }),
  });
}

/** Email delivery at a glance, for the overview's card. */
export const deliveryQuery = queryOptions({
  queryKey: [...adminKey, 'delivery'],
  queryFn: async () => (await api.GET('/api/admin/delivery')).data!,
});
