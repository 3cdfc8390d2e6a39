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

function searchClause(kind: LeadKind<any>, param: string): string {
  return `(${kind.searchColumns.map((c) => `${c} ILIKE ${param}`).join(' OR ')})`;
}

const CURSOR_TS = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;

function whereClauses(kind: LeadKind<any>, opts: { cursor?: string | undefined; q?: string | undefined }) {
  const params: unknown[] = [];
  const search: string[] = [];
  if (opts.q) {
    params.push(containsPattern(opts.q));
    search.push(searchClause(kind, `$${params.length}`));
  }
  const page = [...search];
  const pageParams = [...params];
  if (opts.cursor) {
    const pos = decodeCursor(opts.cursor);
    pageParams.push(pos.createdAt, pos.id);
    page.push(`(created_at, id) < ($${pageParams.length - 1}::timestamptz, $${pageParams.length}::bigint)`);
  }
  const sql = (parts: string[]) => (parts.length ? `WHERE ${parts.join(' AND ')}` : '');
  return { searchWhere: sql(search), searchParams: params, pageWhere: sql(page), pageParams };
}

/** Up to `limit` rows after the cursor, newest first, each with its exact cursor timestamp. */
async function pageRows(
  db: Db,
  kind: LeadKind<any>,
  opts: { limit: number; cursor?: string | undefined; q?: string | undefined },
) {
  const w = whereClauses(kind, opts);
  const { rows } = await db.query(
    `SELECT ${kind.select}, ${CURSOR_TS} FROM ${kind.table} ${w.pageWhere}
      ORDER BY created_at DESC, id DESC
      LIMIT $${w.pageParams.length + 1}`,
    [...w.pageParams, opts.limit],
  );
  return rows;
}

const cursorOf = (row: Record<string, unknown> | undefined) =>
  row ? encodeCursor({ createdAt: row.cursor_ts as string, id: row.id as number }) : null;

export async function listPage<T>(
  db: Db,
  kind: LeadKind<T>,
  opts: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<{ items: T[]; total: number; nextCursor: string | null }> {
  const w = whereClauses(kind, opts);
  // One row more than asked tells whether there is a next page without an extra query.
  const [rows, total] = await Promise.all([
    pageRows(db, kind, { ...opts, limit: opts.limit + 1 }),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${kind.table} ${w.searchWhere}`, w.searchParams),
  ]);
  const page = rows.slice(0, opts.limit);
  return {
    items: page.map(kind.toApi),
    total: total.rows[0]!.n,
    nextCursor: rows.length > opts.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

/** Every matching row, newest first, fetched in keyset batches so memory stays flat. */
export async function* allRows<T>(
  db: Db,
  kind: LeadKind<T>,
  q: string | undefined,
  batch = 2000,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await pageRows(db, kind, { limit: batch, cursor, q });
    for (const row of rows) yield kind.toApi(row);
    if (rows.length < batch) return;
    cursor = cursorOf(rows[rows.length - 1]) ?? undefined;
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
    db.query<{ contacts: number; demos: number; get_started: number; newsletters: number }>(
      `SELECT (SELECT count(*) FROM contact_submissions)::int AS contacts,
              (SELECT count(*) FROM demo_requests)::int AS demos,
              (SELECT count(*) FROM get_started_requests)::int AS get_started,
              (SELECT count(*) FROM newsletter_subscribers)::int AS newsletters`,
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
       ),
       since AS (SELECT ((now() AT TIME ZONE 'UTC')::date - 29)::timestamp AT TIME ZONE 'UTC' AS t)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
              coalesce(c.n, 0)::int AS contacts, coalesce(d.n, 0)::int AS demos, coalesce(g.n, 0)::int AS get_started
         FROM days
         LEFT JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM contact_submissions
                     WHERE created_at >= (SELECT t FROM since) GROUP BY 1) c ON c.day = days.day
         LEFT JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM demo_requests
                     WHERE created_at >= (SELECT t FROM since) GROUP BY 1) d ON d.day = days.day
         LEFT JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM get_started_requests
                     WHERE created_at >= (SELECT t FROM since) GROUP BY 1) g ON g.day = days.day
        ORDER BY days.day`,
    ),
  ]);
  const c = counts.rows[0]!;
  return {
    counts: { contacts: c.contacts, demos: c.demos, getStarted: c.get_started, newsletters: c.newsletters },
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
