import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../db/pool.ts';
import { csvCellSql } from '../db/csv.ts';
import type { AuditRecord, AuditSource } from './audit.ts';

type S = components['schemas'];

/** Appends one entry; call it with the transaction's client of the change it records. */
export async function insertAuditEntry(
  db: Queryable,
  source: AuditSource,
  entry: AuditRecord,
): Promise<void> {
  await db.query(
    `INSERT INTO audit_entries
       (actor_kind, actor_id, ip, user_agent, request_id, action, target_type, target_id, changes, details,
        needed_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      source.actor.kind,
      source.actor.kind === 'account' ? source.actor.id : null,
      source.ip ?? null,
      source.userAgent ?? null,
      source.requestId ?? null,
      entry.action,
      entry.target?.type ?? null,
      entry.target?.id == null ? null : String(entry.target.id),
      JSON.stringify(entry.changes ?? {}),
      JSON.stringify(entry.details ?? {}),
      source.actor.kind === 'account' ? (source.neededRole ?? null) : null,
    ],
  );
}

export interface AuditFilters {
  actorKind?: S['AuditActorKind'];
  actorId?: number;
  action?: S['AuditAction'];
  targetType?: S['AuditTargetType'];
  targetId?: string;
  from?: string;
  to?: string;
}

/**
 * Where a page starts: after the entry a cursor names (its id; its time is looked up), or after
 * the last entry of an export's batch (its time as the database wrote it, and its id).
 */
type After = { id: number } | { at: string; id: number };

/**
 * The WHERE clause of the filters, entries older than `after` in the log's order (at, then id:
 * each index of the table ends with both, see the order-audit-by-time migration), and its parameters.
 */
function where(f: AuditFilters, after: After | undefined) {
  const params: unknown[] = [];
  const conds: string[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    conds.push(sql(`$${params.length}`));
  };
  add((p) => `e.actor_kind = ${p}`, f.actorKind);
  add((p) => `e.actor_id = ${p}`, f.actorId);
  add((p) => `e.action = ${p}`, f.action);
  add((p) => `e.target_type = ${p}`, f.targetType);
  add((p) => `e.target_id = ${p}`, f.targetId);
  add((p) => `e.at >= ${p}::timestamptz`, f.from);
  add((p) => `e.at < ${p}::timestamptz`, f.to);
  if (after && 'at' in after) {
    params.push(after.at, after.id);
    conds.push(`(e.at, e.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  } else if (after) {
    // A cursor whose entry the retention job has since deleted ends the listing: every older
    // entry went before it (docs/operations.md#retention deletes the oldest first).
    add((p) => `(e.at, e.id) < (SELECT c.at, c.id FROM audit_entries c WHERE c.id = ${p})`, after.id);
  }
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

interface Row {
  id: number;
  at: Date;
  actor_kind: S['AuditActorKind'];
  actor_id: number | null;
  username: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  action: S['AuditAction'];
  target_type: S['AuditTargetType'] | null;
  target_id: string | null;
  changes: S['AuditEntry']['changes'];
  details: Record<string, unknown>;
}

const SELECT = `SELECT e.id, e.at, e.actor_kind, e.actor_id, u.username, host(e.ip) AS ip, e.user_agent,
         e.request_id, e.action, e.target_type, e.target_id, e.changes, e.details
    FROM audit_entries e LEFT JOIN admin_users u ON u.id = e.actor_id`;

/** The one place a row becomes the contract's AuditEntry. */
function toApi(r: Row): S['AuditEntry'] {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { kind: r.actor_kind, id: r.actor_id, username: r.username },
    ip: r.ip,
    userAgent: r.user_agent,
    requestId: r.request_id,
    action: r.action,
    target: r.target_type ? { type: r.target_type, id: r.target_id } : null,
    changes: r.changes,
    details: r.details,
  };
}

/** One page, newest first; the cursor is the last entry's id. */
export async function listAuditEntries(
  db: Db,
  f: AuditFilters,
  limit: number,
  before: number | undefined,
): Promise<{ entries: S['AuditEntry'][]; nextCursor: string | null }> {
  const w = where(f, before === undefined ? undefined : { id: before });
  const { rows } = await db.query<Row>(
    `${SELECT} ${w.sql} ORDER BY e.at DESC, e.id DESC LIMIT $${w.params.length + 1}`,
    [...w.params, limit + 1],
  );
  const page = rows.slice(0, limit).map(toApi);
  return { entries: page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/** The export's columns, as text the database writes: times as ISO 8601 in UTC, JSON as jsonb prints it. */
const CSV_CELLS = [
  `to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  'e.actor_kind',
  'u.username',
  'host(e.ip)',
  'e.user_agent',
  'e.request_id',
  'e.action',
  'e.target_type',
  'e.target_id',
  'e.changes::text',
  'e.details::text',
];
const CSV_LINE = CSV_CELLS.map((c) => csvCellSql(`coalesce(${c}, '')`)).join(` || ',' || `);

/**
 * Every matching entry as CSV lines, newest first, in keyset batches of `batch`, each batch one
 * text the database writes, as the lead exports do (csv-export.repo.ts): the API streams text and
 * never holds entries as objects. Built entry by entry in JavaScript, a million-entry export
 * raised the process's memory by some 100 MB (npm run bench:admin).
 */
export async function* auditCsvBatches(db: Db, f: AuditFilters, batch = 500): AsyncGenerator<string> {
  let after: After | undefined;
  for (;;) {
    const w = where(f, after);
    const { rows } = await db.query<{
      lines: string | null;
      n: number;
      at: string | null;
      id: number | null;
    }>(
      `WITH b AS MATERIALIZED (
         SELECT e.at, e.id, ${CSV_LINE} AS line
           FROM audit_entries e LEFT JOIN admin_users u ON u.id = e.actor_id
           ${w.sql} ORDER BY e.at DESC, e.id DESC LIMIT $${w.params.length + 1}
       ),
       last AS (SELECT at, id FROM b ORDER BY at, id LIMIT 1)
       SELECT string_agg(line || E'\\r\\n', '' ORDER BY at DESC, id DESC) AS lines, count(*)::int AS n,
              -- Its time as text keeps every microsecond for the next batch's start.
              (SELECT at::text FROM last) AS at, (SELECT id FROM last) AS id
         FROM b`,
      [...w.params, batch],
    );
    const { lines, n, at, id } = rows[0]!;
    // Emptied at once, the driver's result no longer holds the batch's text (csv-export.repo.ts).
    rows.length = 0;
    if (lines) yield lines;
    if (n < batch || at === null || id === null) return;
    after = { at, id: Number(id) };
  }
}

/** Entries about these leads (targets by kind and id), oldest first: part of a person's data export. */
export async function auditEntriesAbout(
  db: Db,
  leads: { kind: string; id: number }[],
): Promise<S['AuditEntry'][]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE (e.target_type, e.target_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))
      ORDER BY e.at, e.id`,
    [leads.map((l) => l.kind), leads.map((l) => String(l.id))],
  );
  return rows.map(toApi);
}

/**
 * Deletes up to `batch` entries older than `days`, the oldest first: the audit log's one allowed
 * deletion, done by the retention job alone (docs/operations.md#retention) through the database
 * function that its owner role runs and that refuses a retention under 365 days
 * (db/1796000002000_owner-and-app-roles.sql); the app role itself may not delete an entry.
 */
export async function deleteAuditEntriesOlderThan(
  db: Queryable,
  days: number,
  batch: number,
): Promise<number> {
  const { rows } = await db.query<{ deleted: number }>(
    'SELECT delete_expired_audit_entries($1, $2) AS deleted',
    [days, batch],
  );
  return rows[0]!.deleted;
}
