import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
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

// The password step's fields and messages, as the contract's LoginInput has them.
const field = schemas.LoginInput.properties;
export const loginSchema = z.object({
  username: z.string().min(field.username.minLength, field.username['x-messages'].minLength),
  password: z.string().min(field.password.minLength, field.password['x-messages'].minLength),
});
export type LoginValues = z.infer<typeof loginSchema>;

type Session = components['schemas']['Session'];

/** A new session: nothing cached for an earlier one stays. */
export function useSignedIn() {
  const qc = useQueryClient();
  return (session: Session) => {
    qc.removeQueries({ queryKey: adminKey });
    qc.setQueryData(sessionKey, session);
  };
}

/**
 * The password step. Its answer is a session (200), or null when the account has a second factor
 * (202): then the code step follows (docs/operations.md#second-factor).
 */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (credentials: LoginValues) => {
      const data = (await api.POST('/api/admin/login', { body: credentials })).data!;
      return 'username' in data ? data : null;
    },
    onSuccess: (session) => {
      if (session) signedIn(session);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.POST('/api/admin/logout');
    },
    onSettled: () => {
      qc.removeQueries({ queryKey: adminKey });
      qc.setQueryData(sessionKey, null);
    },
  });
}
