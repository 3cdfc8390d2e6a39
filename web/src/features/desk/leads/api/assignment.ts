import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { notify } from '../../../../components/notices.tsx';
import { api, ApiError } from '../../../../lib/api-client.ts';
import { historyKind } from '../../shared/api/lead.ts';
import { adminKey } from '../../shared/api/session.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';

// Assigning leads (docs/product.md#assignment): every change names the assignee the desk last
// showed, so a change someone else made meanwhile is never overwritten without a word.

type S = components['schemas'];
export type TeamMember = S['TeamMember'];
export type BulkOutcome = S['BulkAssignmentResult']['outcome'];

/** The people a lead may be given to: active accounts that work leads (a viewer changes nothing). */
export const worksLeads = (m: TeamMember) => m.active && m.role !== 'viewer';

/** A failed assignment's notice: the server's detail names who has the lead now. */
function failed(title: string, e: unknown) {
  notify({ type: 'error', title, description: (e instanceof ApiError && e.detail) || 'Please try again.' });
}

/** One lead's assignee, from its page. On a 409 the page shows the lead as it now is. */
export function useAssignLead(kind: LeadKind, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: S['AssignmentInput']) =>
      (
        await api.PUT('/api/leads/{kind}/{id}/assignee', {
          params: { path: { kind: historyKind[kind], id } },
          body,
        })
      ).data!,
    onSuccess: ({ assignee }) =>
      notify({
        type: 'success',
        title: assignee ? `Assigned to ${assignee.username}` : 'Unassigned',
      }),
    onError: (e) => failed('The assignee was not changed', e),
    // Either way the lead, its lists and its history show what the server now holds.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

/** "3 assigned, 1 changed meanwhile, 1 not found": what became of a selection. */
export function outcomeSummary(results: readonly { outcome: BulkOutcome }[]): string {
  const count = (o: BulkOutcome) => results.filter((r) => r.outcome === o).length;
  const parts = [
    `${count('assigned')} assigned`,
    count('conflict') && `${count('conflict')} changed meanwhile`,
    count('not-found') && `${count('not-found')} not found`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** A list's selection, each lead with the assignee the list showed for it. */
export function useAssignLeads(kind: LeadKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: S['BulkAssignmentInput']) =>
      (
        await api.POST('/api/leads/{kind}/assignments', {
          params: { path: { kind: historyKind[kind] } },
          body,
        })
      ).data!.results,
    onSuccess: (results) =>
      notify({
        type: results.every((r) => r.outcome === 'assigned') ? 'success' : 'warning',
        title: outcomeSummary(results),
      }),
    onError: (e) => failed('Nothing was assigned', e),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}
