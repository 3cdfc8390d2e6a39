/* eslint-disable @typescript-eslint/no-explicit-any -- helpers here use only table/column names, never the row type */
import { decodeCursor } from '../../db/cursor.ts';
import { invalidCursor } from '../../http/errors.ts';
import { SOURCE_SQL, type LeadKind } from '../../leads/lead-kinds.ts';

/** `q` as a LIKE pattern that matches it literally anywhere. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `q` against the kind's lower-cased search text with a plain LIKE, which its trigram index
 * serves and which costs a fraction of ILIKE per row. The fields are joined by U+001F (see the
 * add-lead-search-text migration); a term cannot hold it, as the API refuses control characters
 * (contract/input-rules.ts), so a term never matches across two fields.
 */
function searchClause(kind: LeadKind<any>, param: string): string {
  return `${kind.searchText} LIKE lower(${param})`;
}

/** Whose leads a list shows: one account's (by id), nobody's, or (undefined) everyone's. */
export type AssigneeFilter = number | 'none' | undefined;

/** What narrows a list or an export: the search text, the assignee and the attribution filters. */
export interface LeadFilter {
  q?: string | undefined;
  assignee?: AssigneeFilter;
  /** docs/product.md#attribution: a lead's source (SOURCE_SQL) and its utm_campaign, exactly. */
  source?: string | undefined;
  campaign?: string | undefined;
}

export interface ListOptions extends LeadFilter {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Whether the list's rows must be counted: a search or an attribution filter (the assignee one
 * alone reads the counters, see tableTotal).
 */
export const isFiltered = (f: LeadFilter) => Boolean(f.q || f.source || f.campaign);

/**
 * The filters (the assignee one, docs/product.md#assignment, served by the tables'
 * (assignee_id, created_at, id) indexes; source and campaign, docs/product.md#attribution, offered
 * by the contract on the kinds with attribution only) and the cursor as SQL conditions, numbered in
 * that order in `params`.
 */
export function filters(kind: LeadKind<any>, opts: ListOptions) {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (opts.q) {
    params.push(containsPattern(opts.q));
    conditions.push(searchClause(kind, `$${params.length}`));
  }
  if (opts.assignee === 'none') conditions.push('assignee_id IS NULL');
  else if (opts.assignee !== undefined) {
    params.push(opts.assignee);
    conditions.push(`assignee_id = $${params.length}::bigint`);
  }
  if (opts.source) {
    params.push(opts.source);
    conditions.push(`(${SOURCE_SQL}) = $${params.length}`);
  }
  if (opts.campaign) {
    params.push(opts.campaign);
    conditions.push(`utm_campaign = $${params.length}`);
  }
  const search = conditions.length ? conditions.join(' AND ') : undefined;
  let after: string | undefined;
  if (opts.cursor) {
    const pos = decodeCursor(opts.cursor);
    if (!pos) throw invalidCursor();
    params.push(pos.createdAt, pos.id);
    after = `(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
  }
  return { search, after, params };
}

export function where(...conditions: (string | undefined)[]): string {
  const parts = conditions.filter(Boolean);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}
