import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** The desk's accounts and roles. Its key starts with 'admin', as every signed-in query's does. */
export const membersQuery = queryOptions({
  queryKey: ['admin', 'team', 'members'],
  queryFn: async () => (await api.GET('/api/team/members')).data!.members,
});
