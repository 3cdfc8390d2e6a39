import type { components, paths } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api-client.ts';

/** The page's place in the URL: a person by address, or by one of their leads (docs/product.md#personal-data-find). */
export type PersonSearch = NonNullable<paths['/api/admin/personal-data']['get']['parameters']['query']>;
export type PersonalData = components['schemas']['PersonalData'];

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);

/** The URL's search as the contract allows it; anything else is dropped. */
export function parsePersonSearch(raw: Record<string, unknown>): PersonSearch {
  const email = asText(raw.email)?.trim();
  if (email && email.length >= 3 && email.length <= 254) return { email };
  const leadKind = schemas.LeadKind.enum.find((k) => k === raw.leadKind);
  const leadId = asText(raw.leadId);
  if (leadKind && leadId && /^[1-9][0-9]{0,15}$/.test(leadId)) return { leadKind, leadId: Number(leadId) };
  return {};
}

export const hasPerson = (s: PersonSearch) => s.email !== undefined || s.leadId !== undefined;

const personKey = ['admin', 'personal-data'] as const;

/** What is held about the person; null when nothing is (the API's 404). */
export const personalDataQuery = (search: PersonSearch) =>
  queryOptions({
    queryKey: [...personKey, search],
    queryFn: async (): Promise<PersonalData | null> => {
      try {
        return (await api.GET('/api/admin/personal-data', { params: { query: search } })).data!;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** The JSON file of it all (the browser downloads it; the server records the export). */
export const exportUrl = (search: PersonSearch) =>
  `/api/admin/personal-data/export?${new URLSearchParams(
    Object.entries(search).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

/** Erases everything held about an address (docs/product.md#erasure). */
export function useErasePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.POST('/api/admin/personal-data/erasure', { body: { email } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const retentionQuery = queryOptions({
  queryKey: ['admin', 'retention'],
  queryFn: async () => (await api.GET('/api/admin/retention')).data!,
  staleTime: Infinity,
});
