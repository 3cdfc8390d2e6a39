import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { adminKey, sessionKey, useSignedIn } from '../../shared/api/session.ts';

// The password step's fields and messages, as the contract's LoginInput has them.
const field = schemas.LoginInput.properties;
export const loginSchema = z.object({
  username: z.string().min(field.username.minLength, field.username['x-messages'].minLength),
  password: z.string().min(field.password.minLength, field.password['x-messages'].minLength),
});
export type LoginValues = z.infer<typeof loginSchema>;

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

/**
 * Sign-out. Its answer is the identity provider's sign-out address when the session began there
 * and the provider offers one (200), else nothing (204): docs/operations.md#single-sign-on.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.POST('/api/admin/logout')).data?.providerSignOutUrl ?? null,
    onSettled: () => {
      qc.removeQueries({ queryKey: adminKey });
      qc.setQueryData(sessionKey, null);
    },
  });
}

/** The sign-in's second step: a code for the password the server has just accepted. */
export function useVerifySecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: components['schemas']['CodeInput']) =>
      (await api.POST('/api/admin/login/second-factor', { body })).data!,
    onSuccess: signedIn,
  });
}
