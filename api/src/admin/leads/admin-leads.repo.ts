/* eslint-disable @typescript-eslint/no-explicit-any -- helpers here use only table/column names, never the row type */
import { CURSOR_TS, cursorOf } from '../../db/cursor.ts';
import type { Db } from '../../db/pool.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';
import { filters, isFiltered, where, type AssigneeFilter, type ListOptions } from './filters.repo.ts';

/** Up to `limit` rows after the cursor, newest first, each with its exact cursor timestamp. */
async function pageRows(db: Db, kind: LeadKind<any>, opts: ListOptions) {
  const f = filters(kind, opts);
  const { rows } = await db.query(
    `SELECT ${kind.select}, ${CURSOR_TS} FROM ${kind.table} ${where(f.search, f.after)}
      ORDER BY created_at DESC, id DESC
      LIMIT $${f.params.length + 1}`,
    [...f.params, opts.limit],
  );
  return rows;
}

/**
 * A search counts its matches only up to this many: past it the list says "more than 1,000",
 * which is all a reader can act on, and the count stays cheap however common the term is.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * A search's count and page from one scan: its matches, up to one more than the cap, are
 * gathered once, counted, and when they are all there the page is their newest after the
 * cursor. With more than the cap they are an arbitrary subset and `rows` must not be used.
 */
async function gatheredSearch(db: Db, kind: LeadKind<any>, opts: ListOptions) {
  const f = filters(kind, opts);
  const { rows } = await db.query<Record<string, unknown> & { hits: number }>(
    `WITH hits AS MATERIALIZED (
       SELECT ${kind.select} FROM ${kind.table} ${where(f.search)} LIMIT ${SEARCH_COUNT_CAP + 1}
     )
     SELECT (SELECT count(*) FROM hits)::int AS hits, page.*
       FROM (SELECT) one
       LEFT JOIN LATERAL (
         SELECT *, ${CURSOR_TS} FROM hits ${where(f.after)}
          ORDER BY created_at DESC, id DESC
          LIMIT $${f.params.length + 1}
       ) page ON true
      ORDER BY page.created_at DESC, page.id DESC`,
    [...f.params, opts.limit],
  );
  return { hits: rows[0]!.hits, rows: rows.filter((r) => r.id !== null) };
}

/**
 * Rows in a lead table, or those of one assignee (0: nobody), from the counters the table's
 * triggers keep (the add-lead-counters and add-lead-assignees migrations).
 */
async function tableTotal(db: Db, table: string, assignee: AssigneeFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    assignee === undefined
      ? `SELECT coalesce(sum(n), 0)::bigint AS n FROM lead_counts WHERE lead_table = $1`
      : `SELECT coalesce(sum(leads), 0)::bigint AS n FROM assignee_counts
          WHERE lead_table = $1 AND assignee_id = $2`,
    assignee === undefined ? [table] : [table, assignee === 'none' ? 0 : assignee],
  );
  return rows[0]!.n;
}

export async function listPage<T>(
  db: Db,
  kind: LeadKind<T>,
  opts: ListOptions,
): Promise<{ items: T[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  // One row more than asked tells whether there is a next page without an extra query.
  const more = { ...opts, limit: opts.limit + 1 };
  let rows: Record<string, unknown>[];
  let total: number;
  let totalCapped = false;
  if (!isFiltered(opts)) {
    [rows, total] = await Promise.all([pageRows(db, kind, more), tableTotal(db, kind.table, opts.assignee)]);
  } else {
    const found = await gatheredSearch(db, kind, more);
    totalCapped = found.hits > SEARCH_COUNT_CAP;
    total = Math.min(found.hits, SEARCH_COUNT_CAP);
    // Past the cap the page is read in order instead: the matches are then common enough that
    // walking the newest-first index finds a page quickly.
    rows = totalCapped ? await pageRows(db, kind, more) : found.rows;
  }
  const page = rows.slice(0, opts.limit);
  return {
    items: page.map(kind.toApi),
    total,
    totalCapped,
    nextCursor: rows.length > opts.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

/**
 * Sets the given columns of one lead (names from the kind's `updates`, never client input) and
 * returns the lead as it now is with the status it had before, or undefined when there is no such
 * lead. The row is locked first, so "before" is exact under concurrent changes; a changed status is
 * recorded in the lead's history (`event`: who did it, and the type) in the same statement.
 */
export async function update<T>(
  db: Pick<Db, 'query'>,
  kind: LeadKind<T>,
  id: number,
  changes: { column: string; value: unknown }[],
  event: { type: 'status-changed' | 'deactivated'; actor: string },
): Promise<{ lead: T; previousStatus: string } | undefined> {
  const sets = changes.map((c, i) => `${c.column} = $${i + 5}`);
  const { rows } = await db.query(
    `WITH old AS (SELECT id AS old_id, status AS previous_status FROM ${kind.table} WHERE id = $1 FOR UPDATE),
     after AS (
       UPDATE ${kind.table} SET ${[...sets, 'updated_at = clock_timestamp()'].join(', ')}
         FROM old WHERE id = old.old_id
       RETURNING ${kind.select}, old.previous_status
     ),
     event AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, actor, detail)
       SELECT $2, after.id, $3, $4, jsonb_build_object('text', after.previous_status || ' → ' || after.status)
         FROM after WHERE after.previous_status IS DISTINCT FROM after.status
     )
     SELECT * FROM after`,
    [id, kind.slug, event.type, event.actor, ...changes.map((c) => c.value)],
  );
  const row = rows[0];
  return row && { lead: kind.toApi(row), previousStatus: row.previous_status as string };
}

/** The lead's status, its row locked for the rest of the transaction; undefined when there is no such lead. */
export async function lockStatus(
  db: Pick<Db, 'query'>,
  kind: LeadKind<unknown>,
  id: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    `SELECT status FROM ${kind.table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0]?.status;
}
