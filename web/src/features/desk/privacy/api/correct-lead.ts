import type { components } from '@lead-desk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export type LeadCorrection = components['schemas']['LeadCorrection'];
type LeadKind = components['schemas']['LeadKind'];

/** Corrects a lead's name, email, phone or company (docs/product.md#personal-data-correct). */
export function useCorrectLead(kind: LeadKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: LeadCorrection) =>
      (
        await api.PATCH('/api/leads/{kind}/{id}/personal-data', {
          params: { path: { kind, id } },
          body,
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
