import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

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

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { username: string; password: string }) =>
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
