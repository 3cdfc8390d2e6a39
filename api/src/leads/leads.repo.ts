import type { Db } from '../db/pool.ts';

/** The rate-limit bucket and idempotency key that guard one submission. */
export interface Guard {
  /** The client's bucket, or null when the rate limit is off. */
  bucketKey: string | null;
  limit: number;
  scope: string;
  idempotencyKey: string | null;
  requestHash: string;
}

export interface GuardedResult {
  /** Hits in the client's current window, or null when the rate limit is off. */
  hits: number | null;
  retryAfterSeconds: number;
  /** The stored lead's answer, or null when nothing was stored (limited, or a replayed key). */
  created: { id: number; createdAt: string } | null;
}

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

// The shared head of every guarded write: count the hit ($1, $2) in this minute's window.
const RATE_LIMIT_CTE = `
  rl AS (
    INSERT INTO rate_limit_buckets AS b (bucket_key, window_start, hits)
    SELECT $1, date_trunc('minute', now()), 1 WHERE $1::text IS NOT NULL
    ON CONFLICT (bucket_key) DO UPDATE
      SET hits = CASE WHEN b.window_start = EXCLUDED.window_start THEN b.hits + 1 ELSE 1 END,
          window_start = EXCLUDED.window_start
    RETURNING hits, window_start
  )`;

const RATE_LIMIT_COLUMNS = `
  (SELECT hits FROM rl) AS hits,
  (SELECT ceil(extract(epoch FROM window_start + interval '1 minute' - now()))::int FROM rl) AS retry_after`;

/**
 * One statement, one round trip: count the hit, and unless over the limit draw the lead's id,
 * claim the idempotency key with the answer it will give, and insert the lead only if the claim
 * succeeded. A concurrent request with the same key waits on the key's unique index, then finds
 * it taken and replays the stored answer, so a lead is never stored twice.
 */
function guardedInsertSql(table: string, columns: string[]): readonly [name: string, text: string] {
  const values = columns.map((_, i) => `$${i + 6}`).join(', ');
  const text = `
    WITH ${RATE_LIMIT_CTE},
    draft AS (
      SELECT nextval(pg_get_serial_sequence('${table}', 'id')) AS id, clock_timestamp() AS created_at
      WHERE NOT EXISTS (SELECT 1 FROM rl WHERE hits > $2)
    ),
    claim AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
      SELECT $3, $4, $5, 201,
             jsonb_build_object('id', id, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}))
        FROM draft
       WHERE $4::text IS NOT NULL
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING 1
    ),
    ins AS (
      INSERT INTO ${table} (id, created_at, ${columns.join(', ')}) OVERRIDING SYSTEM VALUE
      SELECT id, created_at, ${values}
        FROM draft
       WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM claim)
      RETURNING id, created_at
    )
    SELECT ${RATE_LIMIT_COLUMNS},
      (SELECT id FROM ins) AS id,
      (SELECT to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) FROM ins) AS created_at`;
  return [`guarded-insert-${table}`, text];
}

const INSERT_CONTACT = guardedInsertSql('contact_submissions', [
  'name',
  'email',
  'phone',
  'company',
  'service',
  'message',
]);
const INSERT_DEMO = guardedInsertSql('demo_requests', [
  'name',
  'email',
  'phone',
  'company',
  'preferred_date',
  'preferred_time',
  'message',
]);
const INSERT_GET_STARTED = guardedInsertSql('get_started_requests', [
  'name',
  'email',
  'phone',
  'company',
  'service',
  'monthly_volume',
  'message',
]);

interface GuardedRow {
  hits: number | null;
  retry_after: number | null;
  id: number | null;
  created_at: string | null;
}

async function guardedInsert(
  db: Db,
  [name, text]: readonly [string, string],
  guard: Guard,
  values: string[],
): Promise<GuardedResult> {
  // Named, so each connection parses and plans this statement once, not on every request: the
  // planning of its CTEs cost PostgreSQL more CPU than the inserts themselves.
  const { rows } = await db.query<GuardedRow>({
    name,
    text,
    values: [guard.bucketKey, guard.limit, guard.scope, guard.idempotencyKey, guard.requestHash, ...values],
  });
  const row = rows[0]!;
  return {
    hits: row.hits,
    retryAfterSeconds: Math.max(1, row.retry_after ?? 60),
    created: row.id !== null && row.created_at !== null ? { id: row.id, createdAt: row.created_at } : null,
  };
}

export interface ContactRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
}
export const insertContact = (db: Db, guard: Guard, c: ContactRow) =>
  guardedInsert(db, INSERT_CONTACT, guard, [c.name, c.email, c.phone, c.company, c.service, c.message]);

export interface DemoRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  preferredDate: string;
  preferredTime: string;
  message: string;
}
export const insertDemo = (db: Db, guard: Guard, d: DemoRow) =>
  guardedInsert(db, INSERT_DEMO, guard, [
    d.name,
    d.email,
    d.phone,
    d.company,
    d.preferredDate,
    d.preferredTime,
    d.message,
  ]);

export interface GetStartedRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  monthlyVolume: string;
  message: string;
}
export const insertGetStarted = (db: Db, guard: Guard, g: GetStartedRow) =>
  guardedInsert(db, INSERT_GET_STARTED, guard, [
    g.name,
    g.email,
    g.phone,
    g.company,
    g.service,
    g.monthlyVolume,
    g.message,
  ]);

/**
 * A subscription's answer depends on whether the address existed, so the key is claimed first
 * and its answer written after the upsert, all in one transaction (a concurrent retry waits).
 */
export async function subscribe(
  db: Db,
  guard: Guard,
  email: string,
): Promise<GuardedResult & { replay: boolean; status: 200 | 201 }> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{
      hits: number | null;
      retry_after: number | null;
      claimed: boolean;
    }>(
      `WITH ${RATE_LIMIT_CTE},
       claim AS (
         INSERT INTO idempotency_keys (scope, key, request_hash)
         SELECT $3, $4, $5
          WHERE $4::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rl WHERE hits > $2)
         ON CONFLICT (scope, key) DO NOTHING
         RETURNING 1
       )
       SELECT ${RATE_LIMIT_COLUMNS}, EXISTS (SELECT 1 FROM claim) AS claimed`,
      [guard.bucketKey, guard.limit, guard.scope, guard.idempotencyKey, guard.requestHash],
    );
    const head = rows[0]!;
    const limited = head.hits !== null && head.hits > guard.limit;
    const base = { hits: head.hits, retryAfterSeconds: Math.max(1, head.retry_after ?? 60) };
    if (limited || (guard.idempotencyKey !== null && !head.claimed)) {
      await client.query('COMMIT');
      return { ...base, created: null, replay: !limited, status: 200 };
    }
    const up = await client.query<{ id: number; created_at: string; inserted: boolean }>(
      `INSERT INTO newsletter_subscribers AS s (email) VALUES ($1)
       ON CONFLICT (email) DO UPDATE SET is_active = true, updated_at = clock_timestamp()
       RETURNING id, to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at, (xmax = 0) AS inserted`,
      [email],
    );
    const row = up.rows[0]!;
    const status = row.inserted ? 201 : 200;
    const created = { id: row.id, createdAt: row.created_at };
    if (guard.idempotencyKey !== null) {
      await client.query(
        `UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2`,
        [guard.scope, guard.idempotencyKey, status, JSON.stringify(created)],
      );
    }
    await client.query('COMMIT');
    return { ...base, created, replay: false, status };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export async function findStoredAnswer(
  db: Db,
  scope: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  const { rows } = await db.query<{ request_hash: string; status_code: number | null; response: unknown }>(
    'SELECT request_hash, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  return row && { requestHash: row.request_hash, statusCode: row.status_code, response: row.response };
}

/** Keys are kept for 24 hours; older ones are swept now and then. */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'`,
  );
  return rowCount ?? 0;
}
