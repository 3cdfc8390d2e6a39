import type { paths } from '@lead-desk/contract';
import { parameters } from '@lead-desk/contract/parameters';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

// What the admin routes check before any of the desk's code loads: which URLs exist (a kind, an
// id), what a list's search may hold, who may see them (the session). It is part of every page's
// router, so it imports no more than the contract's parameter rules; the session query comes lazily.

/** The four kinds of lead, by the slug the desk's paths (/admin/<kind>) share with the API's. */
export const leadKinds = ['contacts', 'demos', 'get-started', 'newsletters'] as const;
export type LeadKind = (typeof leadKinds)[number];

export const isLeadKind = (value: string): value is LeadKind =>
  (leadKinds as readonly string[]).includes(value);

/** The `$kind` of an admin path: one of the four, or the page is not found. */
export const kindParams = {
  parse: ({ kind }: { kind: string }): { kind: LeadKind } => {
    if (!isLeadKind(kind)) throw notFound();
    return { kind };
  },
  stringify: ({ kind }: { kind: LeadKind }) => ({ kind }),
};

/** A lead's `$id`: the contract's Id (a whole number from 1 up to 2^53 - 1), or not found. */
export function parseId(id: string): number {
  const n = /^[1-9][0-9]*$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n)) throw notFound();
  return n;
}

/**
 * A list's place in the URL: the contract's own `q`, `assignee` ("Mine", "Unassigned", "Assigned
 * to ...": docs/product.md#assignment) and `cursor` query parameters, and the attribution filters
 * `source` and `campaign` (docs/product.md#attribution; not on subscribers). A person's id is kept
 * as a number, so the router writes it as `assignee=12` (a text of digits it would quote).
 */
export type ListSearch = Pick<
  NonNullable<paths['/api/contacts']['get']['parameters']['query']>,
  'q' | 'cursor' | 'source' | 'campaign'
> & { assignee?: AssigneeFilter };
export type AssigneeFilter = 'me' | 'none' | number;

/** The filter as the contract's `assignee` parameter (and the other way, from a select's value). */
export const assigneeParam = (a: AssigneeFilter | undefined) => (a === undefined ? undefined : String(a));
export const assigneeFilter = (value: string): AssigneeFilter =>
  value === 'me' || value === 'none' ? value : Number(value);

const search = parameters.Search.schema;
const cursor = parameters.Cursor.schema;
const assigneePattern = new RegExp(parameters.AssigneeFilter.schema.pattern);
export const SEARCH_MAX_LENGTH = search.maxLength;
const cursorPattern = new RegExp(cursor.pattern);
// JSON Schema counts characters as code points, as the API does.
const length = (s: string) => [...s].length;

// The router reads `?q=123` as the number 123: a search text is text whatever it looks like.
export const text = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`The ${name} in this address is not text.`);
};

/** The list's search params, checked by the contract's rules; anything else in the URL is dropped. */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const q = text(raw.q, 'search text')?.trim();
  const c = text(raw.cursor, 'page cursor');
  const assignee = text(raw.assignee, 'assignee');
  if (q !== undefined && length(q) > search.maxLength)
    throw new Error(`The search text in this address is longer than ${search.maxLength} characters.`);
  // An account's number must also be one JavaScript holds exactly (as parseId's ids).
  const exact = (a: string) => !/^\d/.test(a) || Number.isSafeInteger(Number(a));
  if (assignee !== undefined && !(assigneePattern.test(assignee) && exact(assignee)))
    throw new Error('The assignee in this address is not me, none or an account’s number.');
  checkCursor(c);
  const source = attributionFilter(raw.source, 'source');
  const campaign = attributionFilter(raw.campaign, 'campaign');
  return {
    ...(q ? { q } : {}),
    ...(assignee !== undefined ? { assignee: assigneeFilter(assignee) } : {}),
    ...(c !== undefined ? { cursor: c } : {}),
    ...(source ? { source } : {}),
    ...(campaign ? { campaign } : {}),
  };
}

const attributionMax = parameters.Source.schema.maxLength;
function attributionFilter(value: unknown, name: string): string | undefined {
  const v = text(value, name)?.trim();
  if (v !== undefined && length(v) > attributionMax)
    throw new Error(`The ${name} in this address is longer than ${attributionMax} characters.`);
  return v || undefined;
}

/** A cursor in the URL must be one the server could have given out (the contract's Cursor rule). */
export function checkCursor(c: string | undefined): void {
  if (
    c !== undefined &&
    (length(c) < cursor.minLength || length(c) > cursor.maxLength || !cursorPattern.test(c))
  )
    throw new Error('The page cursor in this address is not one the server gave out.');
}

/**
 * The cursors of the pages before the shown one, kept in the history entry (not the URL, where they
 * would make every link long): Previous and the "Showing 26-50" range read them, and a reload, Back
 * and Forward restore them with the entry. A link opened afresh has none.
 */
export function earlierCursors(state: unknown): string[] | undefined {
  const list = (state as { cursors?: unknown } | null)?.cursors;
  if (!Array.isArray(list)) return undefined;
  return list.every((c): c is string => typeof c === 'string' && (c === '' || cursorPattern.test(c)))
    ? list
    : undefined;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** See earlierCursors: '' stands for the first page, which has no cursor. */
    cursors?: string[];
  }
}

/**
 * The signed-in session, or null: asked of the server once, then read from the query cache (a 401
 * from any later call clears it; see ../session/components/use-session-expiry.ts).
 */
export async function currentSession(queryClient: QueryClient) {
  // The prerenderer writes the desk's one shell with no visitor, so with no session.
  if (import.meta.env.SSR) return null;
  const { sessionQuery } = await import('./api/session.ts');
  return queryClient.ensureQueryData(sessionQuery);
}
