/* eslint-disable @typescript-eslint/no-explicit-any -- helpers here use only table/column names, never the row type */
import type { Db } from '../../db/pool.ts';
import { badRequest } from '../../http/errors.ts';
import type { LeadKind } from './lead-kinds.ts';

/** Where a page ends: the last row's exact timestamp (microseconds, as text) and id. */
interface Position {
  createdAt: string;
  id: number;
}

export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAt, p.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof createdAt === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(createdAt) &&
      !Number.isNaN(Date.parse(createdAt)) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    ) {
      return { createdAt, id: id as number };
    }
  } catch {
    // fall through
  }
  throw badRequest('The cursor is not one this server gave out.', [
    { path: '/query/cursor', message: 'Invalid cursor' },
  ]);
}

/** `q` as a LIKE pattern that matches it literally anywhere. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What joins the fields in a kind's `searchText` (see the add-lead-search-text migration). */
const FIELD_SEPARATOR = '\u001f';

/**
 * `q` against the kind's lower-cased search text with a plain LIKE, which its trigram index
 * serves and which costs a fraction of ILIKE per row. ILIKE compares lower-cased text too, so
 * the two agree, except that a term holding the separator could match across two fields: such a
 * term (never typed by a person) is tested field by field with ILIKE instead.
 */
function searchClause(kind: LeadKind<any>, q: string, param: string): string {
  if (q.includes(FIELD_SEPARATOR)) {
    return `(${kind.searchColumns.map((c) => `${c} ILIKE ${param}`).join(' OR ')})`;
  }
  return `${kind.searchText} LIKE lower(${param})`;
}

const CURSOR_TS = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;

interface ListOptions {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
}

/** The search and the cursor as SQL conditions, numbered in that order in `params`. */
function filters(kind: LeadKind<any>, opts: ListOptions) {
  const params: unknown[] = [];
  let search: string | undefined;
  if (opts.q) {
    params.push(containsPattern(opts.q));
    search = searchClause(kind, opts.q, `$${params.length}`);
  }
  let after: string | undefined;
  if (opts.cursor) {
    const pos = decodeCursor(opts.cursor);
    params.push(pos.createdAt, pos.id);
    after = `(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
  }
  return { search, after, params };
}

function where(...conditions: (string | undefined)[]): string {
  const parts = conditions.filter(Boolean);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

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

/** Rows in a lead table, from the counters its triggers keep (see the add-lead-counters migration). */
async function tableTotal(db: Db, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT coalesce(sum(n), 0)::bigint AS n FROM lead_counts WHERE lead_table = $1`,
    [table],
  );
  return rows[0]!.n;
}

const cursorOf = (row: Record<string, unknown> | undefined) =>
  row ? encodeCursor({ createdAt: row.cursor_ts as string, id: row.id as number }) : null;

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
  if (!opts.q) {
    [rows, total] = await Promise.all([pageRows(db, kind, more), tableTotal(db, kind.table)]);
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
 * One CSV cell from a text expression: a value a spreadsheet would read as a formula (a leading
 * =, +, -, @, tab or carriage return) gets a leading apostrophe (OWASP's CSV injection advice),
 * then RFC 4180 quoting when it holds a quote, comma or line break.
 */
function csvCellSql(value: string): string {
  const neutral = `CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${value} ELSE ${value} END`;
  return `CASE WHEN ${value} ~ E'[",\\r\\n]' THEN '"' || replace(${neutral}, '"', '""') || '"' ELSE ${neutral} END`;
}

/**
 * Every matching row as CSV lines, newest first, in keyset batches of `batch` rows, each batch
 * one text the database writes, so the API streams text and never holds rows as objects: built
 * row by row in JavaScript, a million-row export allocated some twenty objects a row and the
 * process peaked 60-90 MB above its resting size. A batch of 500 ordinary rows (about 120 KB)
 * stays below V8's large-object size; 1,000 exported 30% faster but peaked higher.
 */
export async function* csvBatches(
  db: Db,
  kind: LeadKind<any>,
  q: string | undefined,
  batch = 500,
): AsyncGenerator<string> {
  const cells = kind.csv.map((c, i) => `${c.sql} AS c${i}`).join(', ');
  const line = kind.csv.map((_, i) => csvCellSql(`c${i}`)).join(` || ',' || `);
  const fetchBatch = async (cursor: string | undefined) => {
    const f = filters(kind, { limit: batch, cursor, q });
    const { rows } = await db.query<{
      lines: string | null;
      n: number;
      id: number | null;
      cursor_ts: string;
    }>(
      `WITH b AS MATERIALIZED (
         SELECT id, created_at, ${cells} FROM ${kind.table} ${where(f.search, f.after)}
          ORDER BY created_at DESC, id DESC
          LIMIT $${f.params.length + 1}
       )
       SELECT (SELECT string_agg(${line} || E'\\r\\n', '' ORDER BY created_at DESC, id DESC) FROM b) AS lines,
              (SELECT count(*) FROM b)::int AS n,
              last.id, ${CURSOR_TS}
         FROM (SELECT) one
         LEFT JOIN LATERAL (SELECT id, created_at FROM b ORDER BY created_at, id LIMIT 1) last ON true`,
      [...f.params, batch],
    );
    const { lines, n } = rows[0]!;
    const next = n === batch ? (cursorOf(rows[0]) ?? undefined) : undefined;
    // A result from the driver's promise API stays reachable for a while after it resolves
    // (measured: 3,000 results of 60 KB kept 67 MB of heap committed, 16 MB when emptied at
    // once), long enough to be promoted. Emptied, it no longer holds this batch's text.
    rows.length = 0;
    return { lines, next };
  };
  let pending = fetchBatch(undefined);
  for (;;) {
    const { lines, next } = await pending;
    // The database writes the next batch while this one goes out (two batches in memory at most).
    if (next) {
      pending = fetchBatch(next);
      // If the reader leaves first, nobody awaits it: its failure must not be an unhandled one.
      pending.catch(() => {});
    }
    if (lines) yield lines;
    if (!next) return;
  }
}

export async function updateStatus<T>(
  db: Db,
  kind: LeadKind<T>,
  id: number,
  status: string,
): Promise<T | undefined> {
  const { rows } = await db.query(
    `UPDATE ${kind.table} SET status = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${kind.select}`,
    [id, status],
  );
  return rows[0] && kind.toApi(rows[0]);
}

export async function updateSubscriber<T>(
  db: Db,
  kind: LeadKind<T>,
  id: number,
  isActive: boolean,
): Promise<T | undefined> {
  const { rows } = await db.query(
    `UPDATE ${kind.table} SET is_active = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${kind.select}`,
    [id, isActive],
  );
  return rows[0] && kind.toApi(rows[0]);
}

export async function overview(db: Db) {
  const [counts, recent, daily] = await Promise.all([
    db.query<{ lead_table: string; n: number }>(
      `SELECT lead_table, sum(n)::bigint AS n FROM lead_counts GROUP BY lead_table`,
    ),
    db.query<{
      type: 'contact' | 'demo' | 'get-started';
      id: number;
      name: string;
      email: string;
      created_at: Date;
    }>(
      `SELECT * FROM (
         (SELECT 'contact' AS type, id, name, email, created_at FROM contact_submissions ORDER BY created_at DESC, id DESC LIMIT 10)
         UNION ALL
         (SELECT 'demo', id, name, email, created_at FROM demo_requests ORDER BY created_at DESC, id DESC LIMIT 10)
         UNION ALL
         (SELECT 'get-started', id, name, email, created_at FROM get_started_requests ORDER BY created_at DESC, id DESC LIMIT 10)
       ) recent
       ORDER BY created_at DESC, type, id DESC
       LIMIT 10`,
    ),
    db.query<{ day: string; contacts: number; demos: number; get_started: number }>(
      `WITH days AS (
         SELECT d::date AS day FROM generate_series(
           (now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'contact_submissions'), 0)::int AS contacts,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'demo_requests'), 0)::int AS demos,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'get_started_requests'), 0)::int AS get_started
         FROM days
         LEFT JOIN lead_daily_counts c ON c.day = days.day
          AND c.lead_table IN ('contact_submissions', 'demo_requests', 'get_started_requests')
        GROUP BY days.day
        ORDER BY days.day`,
    ),
  ]);
  const count = (table: string) => counts.rows.find((r) => r.lead_table === table)?.n ?? 0;
  return {
    counts: {
      contacts: count('contact_submissions'),
      demos: count('demo_requests'),
      getStarted: count('get_started_requests'),
      newsletters: count('newsletter_subscribers'),
    },
    recent: recent.rows.map((r) => ({
      type: r.type,
      id: r.id,
      name: r.name,
      email: r.email,
      createdAt: r.created_at.toISOString(),
    })),
    daily: daily.rows.map((r) => ({
      date: r.day,
      contacts: r.contacts,
      demos: r.demos,
      getStarted: r.get_started,
    })),
  };
}
