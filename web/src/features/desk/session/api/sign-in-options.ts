import type { components } from '@lead-desk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export type SignInOptions = components['schemas']['SignInOptions'];

/**
 * How the sign-in page offers to sign in: passwords for all, for the owner only or for nobody
 * (LOCAL_LOGIN), and the identity provider's button (docs/operations.md#single-sign-on). Public,
 * and the same before and after a session, so outside the session's keys.
 */
export const signInOptionsQuery = queryOptions({
  queryKey: ['sign-in-options'],
  queryFn: async () => (await api.GET('/api/admin/sign-in-options')).data!,
});
