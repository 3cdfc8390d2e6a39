import type { components } from '@lead-desk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export type SingleSignOnSettings = components['schemas']['SingleSignOnSettings'];

/**
 * The server's single sign-on settings, for admins (docs/operations.md#single-sign-on). Not under
 * ['admin', 'team']: a change to the team does not change them.
 */
export const singleSignOnQuery = queryOptions({
  queryKey: ['admin', 'single-sign-on'],
  queryFn: async () => (await api.GET('/api/admin/single-sign-on')).data!,
});
