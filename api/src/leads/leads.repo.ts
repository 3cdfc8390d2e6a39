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
 * One statement, one round trip, one commit for a whole batch of submissions to one table. It
 * counts each submission's hit in its client's window (several from one client in one batch count
 * in order), draws ids for those under the limit, claims their idempotency keys with the answers
 * they will give, and inserts the leads whose claim succeeded (or that carry no key). A concurrent
 * request with the same key waits on the key's unique index, then finds it taken and replays the
 * stored answer; two with the same key in one batch claim once. So a lead is never stored twice.
 * Buckets are upserted in key order, so two batches cannot deadlock on them.
 */
function guardedInsertSql(table: string, columns: string[]): readonly [name: string, text: string] {
  const arrays = columns.map((_, i) => `$${i + 5}::text[]`).join(', ');
  const limit = `$${columns.length + 5}::int`;
  const text = `
    WITH input AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], ${arrays})
        WITH ORDINALITY AS t (bucket, scope, key, hash, ${columns.join(', ')}, ord)
    ),
    rl AS (
      INSERT INTO rate_limit_buckets AS b (bucket_key, window_start, hits)
      SELECT bucket, date_trunc('minute', now()), count(*) FROM input
       WHERE bucket IS NOT NULL GROUP BY bucket ORDER BY bucket
      ON CONFLICT (bucket_key) DO UPDATE
        SET hits = CASE WHEN b.window_start = EXCLUDED.window_start THEN b.hits + EXCLUDED.hits ELSE EXCLUDED.hits END,
            window_start = EXCLUDED.window_start
      RETURNING bucket_key, hits, window_start
    ),
    ranked AS (
      SELECT i.*, rl.window_start,
             rl.hits - count(*) OVER w + row_number() OVER (w ORDER BY i.ord) AS hit
        FROM input i LEFT JOIN rl ON rl.bucket_key = i.bucket
      WINDOW w AS (PARTITION BY i.bucket)
    ),
    draft AS (
      SELECT ranked.*, nextval(pg_get_serial_sequence('${table}', 'id')) AS id, clock_timestamp() AS created_at
        FROM ranked
       WHERE hit IS NULL OR hit <= ${limit}
    ),
    claim AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
      SELECT scope, key, hash, 201,
             jsonb_build_object('id', id, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}))
        FROM draft
       WHERE key IS NOT NULL
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING (response ->> 'id')::bigint AS id
    ),
    ins AS (
      INSERT INTO ${table} (id, created_at, ${columns.join(', ')}) OVERRIDING SYSTEM VALUE
      SELECT id, created_at, ${columns.join(', ')}
        FROM draft
       WHERE key IS NULL OR id IN (SELECT id FROM claim)
      RETURNING id, created_at
    )
    SELECT r.hit AS hits,
           ceil(extract(epoch FROM r.window_start + interval '1 minute' - now()))::int AS retry_after,
           ins.id,
           to_char(ins.created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at
      FROM ranked r
      LEFT JOIN draft d ON d.ord = r.ord
      LEFT JOIN ins ON ins.id = d.id
     ORDER BY r.ord`;
  return [`guarded-insert-${table}`, text];
}

const INSERT_CONTACTS = guardedInsertSql('contact_submissions', [
  'name',
  'email',
  'phone',
  'company',
  'service',
  'message',
]);
const INSERT_DEMOS = guardedInsertSql('demo_requests', [
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

/** One guarded submission: its guard and its column values in the statement's order. */
export interface GuardedItem {
  guard: Guard;
  values: string[];
}

/** The submissions' answers, in their order. Every guard of a batch shares one limit. */
async function guardedInsert(
  db: Db,
  [name, text]: readonly [string, string],
  items: GuardedItem[],
): Promise<GuardedResult[]> {
  const columns = items[0]!.values.map((_, c) => items.map((it) => it.values[c]!));
  // Named, so each connection parses and plans this statement once, not on every call: planning
  // its CTEs cost PostgreSQL more CPU than the inserts themselves.
  const { rows } = await db.query<GuardedRow>({
    name,
    text,
    values: [
      items.map((it) => it.guard.bucketKey),
      items.map((it) => it.guard.scope),
      items.map((it) => it.guard.idempotencyKey),
      items.map((it) => it.guard.requestHash),
      ...columns,
      items[0]!.guard.limit,
    ],
  });
  return rows.map((row) => ({
    hits: row.hits,
    retryAfterSeconds: Math.max(1, row.retry_after ?? 60),
    created: row.id !== null && row.created_at !== null ? { id: row.id, createdAt: row.created_at } : null,
  }));
}

export interface ContactRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
}
export const contactValues = (c: ContactRow) => [c.name, c.email, c.phone, c.company, c.service, c.message];
export const insertContacts = (db: Db, items: GuardedItem[]) => guardedInsert(db, INSERT_CONTACTS, items);

export interface DemoRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  preferredDate: string;
  preferredTime: string;
  message: string;
}
export const demoValues = (d: DemoRow) => [
  d.name,
  d.email,
  d.phone,
  d.company,
  d.preferredDate,
  d.preferredTime,
  d.message,
];
export const insertDemos = (db: Db, items: GuardedItem[]) => guardedInsert(db, INSERT_DEMOS, items);

export interface GetStartedRow {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  monthlyVolume: string;
  message: string;
}
export const getStartedValues = (g: GetStartedRow) => [
  g.name,
  g.email,
  g.phone,
  g.company,
  g.service,
  g.monthlyVolume,
  g.message,
];
export const insertGetStarted = (db: Db, items: GuardedItem[]) =>
  guardedInsert(db, INSERT_GET_STARTED, items);

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
