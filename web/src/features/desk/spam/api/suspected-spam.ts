import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api } from '../../../../lib/api-client.ts';
import { adminKey } from '../../shared/api/session.ts';

export type SuspectedSpam = components['schemas']['SuspectedSpam'];

/** The newest leads held as suspected spam (docs/product.md#spam), and how many there are. */
export const suspectedSpamQuery = queryOptions({
  queryKey: [...adminKey, 'suspected-spam'],
  queryFn: async () => (await api.GET('/api/suspected-spam', { params: { query: { limit: 200 } } })).data!,
});

/** "Not spam": the lead joins its list, its emails and webhook go out; every desk view is read again. */
export function useReleaseSpam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id }: Pick<SuspectedSpam, 'kind' | 'id'>) =>
      (await api.POST('/api/suspected-spam/{kind}/{id}/release', { params: { path: { kind, id } } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}
