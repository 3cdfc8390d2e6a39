import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api, ApiError } from '../../../../lib/api-client.ts';
import { can, type DeskOperation } from '../../../../lib/roles.ts';

/** Every query that needs a session starts with this key: they all go when the session does. */
export const adminKey = ['admin'] as const;
export const sessionKey = ['admin-session'] as const;

/** The current session, or null when signed out (a 401 is an answer here, not an error). */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async () => {
    try {
      const { data } = await api.GET('/api/admin/session');
      return data ?? null;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  },
});

/** Whether the signed-in role may call this operation (the desk hides what it may not). */
export function useCan(operation: DeskOperation): boolean {
  return can(useQuery(sessionQuery).data?.role, operation);
}

type Session = components['schemas']['Session'];

/** A new session: nothing cached for an earlier one stays. */
export function useSignedIn() {
  const qc = useQueryClient();
  return (session: Session) => {
    qc.removeQueries({ queryKey: adminKey });
    qc.setQueryData(sessionKey, session);
  };
}
