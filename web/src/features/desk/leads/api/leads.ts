import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@lead-desk/contract';
import type { RequestBodyJSON, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { notify } from '../../../../components/notices.tsx';
import { api, ApiError } from '../../../../lib/api-client.ts';
import type { Lead } from '../../shared/api/lead.ts';
import { assigneeParam, type LeadKind, type ListSearch } from '../../shared/desk-routes.ts';
import { adminKey } from '../../shared/api/session.ts';

/** Each kind's endpoints, and the array field its list page names after it (docs/product.md#admin-desk). */
const endpoints = {
  contacts: { list: '/api/contacts', one: '/api/contacts/{id}', items: 'contacts' },
  demos: { list: '/api/demos', one: '/api/demos/{id}', items: 'demos' },
  'get-started': { list: '/api/get-started', one: '/api/get-started/{id}', items: 'requests' },
  newsletters: { list: '/api/newsletters', one: '/api/newsletters/{id}', items: 'newsletters' },
} as const satisfies Record<LeadKind, { list: keyof paths; one: keyof paths; items: string }>;
type Endpoints = typeof endpoints;

type ListResponse<K extends LeadKind> = SuccessResponseJSON<paths[Endpoints[K]['list']]['get']>;

// Each kind's endpoints and `items` agree with its lead type: a wrong path or name does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const endpointsMatch: {
  [K in LeadKind]: Same<SuccessResponseJSON<paths[Endpoints[K]['one']]['get']>, Lead<K>> &
    Same<ListResponse<K>[Endpoints[K]['items'] & keyof ListResponse<K>], Lead<K>[]>;
} = { contacts: true, demos: true, 'get-started': true, newsletters: true };
void endpointsMatch;

/** A list page with its rows under one name, whatever the kind's array is called. */
export interface LeadPage<K extends LeadKind> {
  items: Lead<K>[];
  total: number;
  /** A search counts up to 1,000 matches: true when there are more. */
  totalCapped: boolean;
  nextCursor: string | null;
}
export const PAGE_SIZE = 25;

export const overviewQuery = queryOptions({
  queryKey: [...adminKey, 'overview'],
  queryFn: async () => (await api.GET('/api/admin/overview')).data!,
});

async function fetchPage<K extends LeadKind>(kind: K, search: ListSearch): Promise<LeadPage<K>> {
  const { list, items } = endpoints[kind];
  // Subscribers have no attribution to filter by (docs/product.md#attribution).
  const { assignee, source, campaign, ...rest } = search;
  const query = {
    limit: PAGE_SIZE,
    ...rest,
    ...(assignee !== undefined ? { assignee: String(assignee) } : {}),
    ...(kind === 'newsletters' ? {} : { source, campaign }),
  };
  const { data } = await api.GET(list, { params: { query } });
  // The answer is this kind's page, its array under this kind's own name (checked above).
  const page = data as unknown as Omit<LeadPage<K>, 'items'> & Record<string, Lead<K>[]>;
  return {
    items: page[items]!,
    total: page.total,
    totalCapped: page.totalCapped,
    nextCursor: page.nextCursor,
  };
}

export const leadPageQuery = <K extends LeadKind>(kind: K, search: ListSearch) =>
  queryOptions({
    queryKey: [
      ...adminKey,
      kind,
      'list',
      search.q ?? '',
      assigneeParam(search.assignee) ?? '',
      search.cursor ?? '',
      search.source ?? '',
      search.campaign ?? '',
    ],
    queryFn: () => fetchPage(kind, search),
  });

/** One lead, or null when there is none with that id (the page shows "not found"). */
export const leadQuery = <K extends LeadKind>(kind: K, id: number) =>
  queryOptions({
    queryKey: [...adminKey, kind, 'one', id],
    queryFn: async (): Promise<Lead<K> | null> => {
      try {
        const { data } = await api.GET(endpoints[kind].one, { params: { path: { id } } });
        return data as Lead<K>;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

/** The CSV of what the list shows: its search and its assignee filter, not its page. */
export function exportUrl(kind: LeadKind, { q, assignee, source, campaign }: ListSearch): string {
  const query = new URLSearchParams({
    ...(q ? { q } : {}),
    ...(assignee !== undefined ? { assignee: String(assignee) } : {}),
    // Subscribers have no attribution to filter by (docs/product.md#attribution).
    ...(source && kind !== 'newsletters' ? { source } : {}),
    ...(campaign && kind !== 'newsletters' ? { campaign } : {}),
  }).toString();
  return `/api/${kind}/export${query ? `?${query}` : ''}`;
}

/** What the desk may change: a demo's or a request's status, whether a subscriber is active. */
interface Changes {
  demos: RequestBodyJSON<paths['/api/demos/{id}']['patch']>;
  'get-started': RequestBodyJSON<paths['/api/get-started/{id}']['patch']>;
  newsletters: RequestBodyJSON<paths['/api/newsletters/{id}']['patch']>;
}
export type ChangeableKind = keyof Changes;

/**
 * The one mutation behind every status control, in the lists and on a lead's page. A change that
 * names the status it saw is refused with 409 when someone changed it meanwhile: the notice says
 * what it is now, and the desk shows the lead as it is (docs/product.md#assignment).
 */
export function useChangeLead<K extends ChangeableKind>(kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: Changes[K] }) =>
      api.PATCH(endpoints[kind].one, { params: { path: { id } }, body: change }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
    onError: (e) => {
      notify({
        type: 'error',
        title: 'The status was not changed',
        description: (e instanceof ApiError && e.detail) || 'Please try again.',
      });
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: adminKey });
    },
  });
}
