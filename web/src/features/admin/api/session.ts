import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';

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

// The password step's fields and messages, as the contract's LoginInput has them.
const field = schemas.LoginInput.properties;
export const loginSchema = z.object({
  username: z.string().min(field.username.minLength, field.username['x-messages'].minLength),
  password: z.string().min(field.password.minLength, field.password['x-messages'].minLength),
});
export type LoginValues = z.infer<typeof loginSchema>;

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginValues) =>
      (await api.POST('/api/admin/login', { body: credentials })).data!,
    onSuccess: (session) => {
      qc.removeQueries({ queryKey: adminKey });
      qc.setQueryData(sessionKey, session);
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
