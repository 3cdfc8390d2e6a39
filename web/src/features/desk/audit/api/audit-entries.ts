import type { paths } from '@lead-desk/contract';
import { parameters } from '@lead-desk/contract/parameters';
import { schemas } from '@lead-desk/contract/values';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** The audit page's place in the URL: the contract's own filters and cursor (docs/operations.md#audit-log). */
export type AuditSearch = Omit<
  NonNullable<paths['/api/audit-entries']['get']['parameters']['query']>,
  'limit'
>;
export type AuditFilters = Omit<AuditSearch, 'cursor'>;

export const AUDIT_PAGE_SIZE = 50;

const pattern = (p: { schema: { pattern?: string } }) => new RegExp(p.schema.pattern ?? '');
const targetIdRule = pattern(parameters.AuditTargetId);
const cursorRule = pattern(parameters.Cursor);
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
const instant = (v: unknown) => {
  const t = asText(v);
  return t !== undefined && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : undefined;
};

/** The URL's filters as the contract allows them; a value the API would refuse is dropped. */
export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const actorId = asText(raw.actorId);
  const targetId = asText(raw.targetId);
  const cursor = asText(raw.cursor);
  const search: AuditSearch = {
    actorKind: oneOf(schemas.AuditActorKind.enum, raw.actorKind),
    actorId: actorId && /^[1-9][0-9]{0,15}$/.test(actorId) ? Number(actorId) : undefined,
    action: oneOf(schemas.AuditAction.enum, raw.action),
    targetType: oneOf(schemas.AuditTargetType.enum, raw.targetType),
    targetId: targetId && targetIdRule.test(targetId) ? targetId : undefined,
    from: instant(raw.from),
    to: instant(raw.to),
    cursor: cursor && cursorRule.test(cursor) ? cursor : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as AuditSearch;
}

export const auditPageQuery = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit', search],
    queryFn: async () =>
      (await api.GET('/api/audit-entries', { params: { query: { ...search, limit: AUDIT_PAGE_SIZE } } }))
        .data!,
    placeholderData: keepPreviousData,
  });

/** The CSV of every entry the filters match (the browser downloads it; the server records it). */
export function auditExportUrl(filters: AuditFilters): string {
  const query = new URLSearchParams(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const text = query.toString();
  return `/api/audit-entries/export${text ? `?${text}` : ''}`;
}
