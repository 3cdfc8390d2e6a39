import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './session.ts';

type S = components['schemas'];
export type LeadKind = 'contacts' | 'demos' | 'get-started' | 'newsletters';

export const overviewQuery = queryOptions({
  queryKey: [...adminKey, 'overview'],
  queryFn: async () => (await api.GET('/api/admin/overview')).data!,
});

interface Page<T> {
  items: T[];
  total: number;
  /** A search counts up to 1,000 matches: true when there are more. */
  totalCapped: boolean;
  nextCursor: string | null;
}
export const PAGE_SIZE = 25;

function params(q: string, cursor: string | undefined) {
  return { query: { limit: PAGE_SIZE, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } };
}

// One fetcher per list: each endpoint keeps the spec's own array field name.
const fetchers = {
  contacts: async (q: string, cursor?: string): Promise<Page<S['Contact']>> => {
    const d = (await api.GET('/api/contacts', { params: params(q, cursor) })).data!;
    return { items: d.contacts, total: d.total, totalCapped: d.totalCapped, nextCursor: d.nextCursor };
  },
  demos: async (q: string, cursor?: string): Promise<Page<S['DemoRequest']>> => {
    const d = (await api.GET('/api/demos', { params: params(q, cursor) })).data!;
    return { items: d.demos, total: d.total, totalCapped: d.totalCapped, nextCursor: d.nextCursor };
  },
  'get-started': async (q: string, cursor?: string): Promise<Page<S['GetStartedRequest']>> => {
    const d = (await api.GET('/api/get-started', { params: params(q, cursor) })).data!;
    return { items: d.requests, total: d.total, totalCapped: d.totalCapped, nextCursor: d.nextCursor };
  },
  newsletters: async (q: string, cursor?: string): Promise<Page<S['NewsletterSubscriber']>> => {
    const d = (await api.GET('/api/newsletters', { params: params(q, cursor) })).data!;
    return { items: d.newsletters, total: d.total, totalCapped: d.totalCapped, nextCursor: d.nextCursor };
  },
};

export type ItemOf<K extends LeadKind> = Awaited<ReturnType<(typeof fetchers)[K]>>['items'][number];

export const leadPageQuery = <K extends LeadKind>(kind: K, q: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...adminKey, kind, q, cursor ?? ''],
    queryFn: () => fetchers[kind](q, cursor) as Promise<Page<ItemOf<K>>>,
    placeholderData: keepPreviousData,
  });

export const exportUrl = (kind: LeadKind, q: string) =>
  `/api/${kind}/export${q ? `?q=${encodeURIComponent(q)}` : ''}`;

export function useUpdateDemoStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: S['DemoStatus'] }) =>
      api.PATCH('/api/demos/{id}', { params: { path: { id } }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useUpdateGetStartedStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: S['GetStartedStatus'] }) =>
      api.PATCH('/api/get-started/{id}', { params: { path: { id } }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

export function useSetSubscriberActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api.PATCH('/api/newsletters/{id}', { params: { path: { id } }, body: { isActive } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}
