import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { roles } from '@lead-desk/contract/roles';
import { api } from '../../../../lib/api-client.ts';
import type { Role } from '../../../../lib/roles.ts';

export type TeamMember = components['schemas']['TeamMember'];

/** The desk's accounts and roles. Its key starts with 'admin', as every signed-in query's does. */
export const membersQuery = queryOptions({
  queryKey: ['admin', 'team', 'members'],
  queryFn: async () => (await api.GET('/api/team/members')).data!.members,
});

/**
 * The roles an account manages: those below its own (admins viewers and members, the owner also
 * admins; docs/operations.md#roles). The server decides; the desk only offers these.
 */
export const manageable = (role: Role | undefined): Role[] =>
  role ? roles.order.slice(0, roles.order.indexOf(role)) : [];

/** A change to the team: members and invitations are read again after it. */
export function useTeamChange<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'team'] }),
  });
}

export const useChangeRole = () =>
  useTeamChange(async ({ id, role }: { id: number; role: Role }) =>
    api.PUT('/api/team/members/{id}/role', { params: { path: { id } }, body: { role } }),
  );

export const useSetActive = () =>
  useTeamChange(async ({ id, active }: { id: number; active: boolean }) =>
    active
      ? api.POST('/api/team/members/{id}/reactivate', { params: { path: { id } } })
      : api.POST('/api/team/members/{id}/deactivate', { params: { path: { id } } }),
  );
