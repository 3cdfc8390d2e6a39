import type pg from 'pg';
import { writeDeadline, type Db } from '../db/pool.ts';
import { RETRY_AFTER_SQL, takeSql } from '../limits/rate-limit.repo.ts';
import { inTransaction } from '../db/transaction.ts';
import type { LeadKind } from '../leads/lead-kinds.ts';
import type { SpamCheck } from './spam-challenge.ts';

/** The rate-limit bucket and idempotency key that guard one submission. */
export interface Guard {
  /** The client's bucket, or null when the rate limit is off. */
  bucketKey: string | null;
  /** Submissions a client may make per minute; the bucket refills evenly over the minute. */
  limit: number;
  scope: string;
  idempotencyKey: string | null;
  requestHash: string;
}

export interface GuardedResult {
  /** This submission's place in the client's bucket (1 = the bucket was empty), or null when the rate limit is off. */
  hits: number | null;
  /** Refused by the rate limit: nothing was stored. */
  limited: boolean;
  retryAfterSeconds: number;
  /** The stored lead's answer, or null when nothing was stored (limited, or a replayed key). */
  created: { id: number; createdAt: string } | null;
  /** The spam check's outcome as stored (`replayed` when an earlier submission redeemed the solution). */
  spamCheck: SpamCheck;
  /** Stored as suspected spam instead of a lead. */
  held: boolean;
}

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * LEAD_AUTO_ASSIGN=least-open (docs/operations.md#auto-assign): the batch's leads, in their order,
 * go one by one to whoever then has the fewest open leads, ties to the one assigned least recently
 * (never, first), then the oldest account. Each person's open leads and last assignment come from
 * the assignee counters (add-lead-assignees migration), so choosing reads a few hundred counter
 * rows, never the leads. Slot k of a person is their (k+1)-th lead of this batch. Only the first
 * n people in (open leads, last assignment, id) order can get one of a batch's n leads: everyone
 * before a person in that order has their first slot before that person's first one. So only they
 * are given slots, n x n at most whatever the team's size. Two batches running at once choose from
 * the same counts and may both pick the same person; the next batches see both and even it out.
 * The insert's triggers record each assignment like a desk one.
 */
const LEAST_OPEN_CTES = `
    pool AS (
      SELECT u.id, coalesce(sum(c.open_leads), 0)::bigint AS open, max(c.last_assigned_at) AS last
        FROM admin_users u LEFT JOIN assignee_counts c ON c.assignee_id = u.id
       WHERE u.role IN ('member', 'admin', 'owner') AND u.deactivated_at IS NULL
       GROUP BY u.id
       ORDER BY open, last NULLS FIRST, u.id
       LIMIT (SELECT count(*) FROM draft)
    ),
    picks AS (
      SELECT p.id AS assignee_id,
             row_number() OVER (ORDER BY p.open + k, k, p.last NULLS FIRST, p.id) AS n
        FROM pool p CROSS JOIN generate_series(0, (SELECT count(*) FROM draft) - 1) k
       ORDER BY n
       LIMIT (SELECT count(*) FROM draft)
    ),`;

// The shared head of every guarded write: one hit ($1) in the client's bucket of $2 a minute.
const RATE_LIMIT_CTE = `
  rl AS (${takeSql(`SELECT $1::text AS bucket, 1 AS n, $2::int AS capacity, $2::float8 / 60 AS per_second
                     WHERE $1::text IS NOT NULL`)})`;

const RATE_LIMIT_COLUMNS = `
  (SELECT ceil(level)::int FROM rl) AS hits,
  coalesce((SELECT granted = 0 FROM rl), false) AS limited,
  (SELECT ${RETRY_AFTER_SQL('rl')} FROM rl) AS retry_after`;

/**
 * One statement, one round trip, one commit for a whole batch of submissions to one table. It
 * counts each submission's hit in its client's window (several from one client in one batch count
 * in order), draws ids for those under the limit, claims their idempotency keys with the answers
 * they will give, and inserts the leads whose claim succeeded (or that carry no key). A concurrent
 * request with the same key waits on the key's unique index, then finds it taken and replays the
 * stored answer; two with the same key in one batch claim once. So a lead is never stored twice.
 * A passing proof-of-work solution is redeemed here too, in the lead's own transaction: a
 * submission refused by the limit or lost to a failed write has not spent it, and its retry still
 * passes; of two submissions with one solution, only the first passes (the others are `replayed`).
 * Redemptions go in challenge order, so two batches cannot deadlock on them either. Where the
 * check is enforced, a lead whose solution was refused (invalid, expired, replayed) goes to
 * suspected_spam instead of its table, with the id and date its answer gives
 * (docs/product.md#spam), so none of the table's triggers run for it; one sent without a
 * solution (a form posted without JavaScript) is stored as a lead, marked not verified.
 * Buckets are upserted in key order, so two batches cannot deadlock on them.
 */
export function guardedInsertSql(
  table: string,
  slug: string,
  columns: string[],
  autoAssign: boolean,
): readonly [name: string, text: string] {
  const first = 9;
  const arrays = columns.map((_, i) => `$${i + first}::text[]`).join(', ');
  const limit = `$${columns.length + first}::int`;
  // The write's deadline (db/pool.ts writeDeadline): nothing is stored once the client gave up.
  const deadline = `$${columns.length + first + 1}::timestamptz`;
  const fields = columns.map((c) => `'${c}', ${c}`).join(', ');
  const text = `
    WITH input AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[],
                           $7::text[], $8::timestamptz[], ${arrays})
        WITH ORDINALITY AS t (bucket, scope, key, hash, enforce, checked, challenge, challenge_expires,
                              ${columns.join(', ')}, ord)
       WHERE write_deadline(${deadline})
    ),
    rl AS (${takeSql(`SELECT bucket, count(*) AS n, ${limit} AS capacity, ${limit}::float8 / 60 AS per_second
                         FROM input WHERE bucket IS NOT NULL GROUP BY bucket`)}),
    ranked AS (
      SELECT i.*, ${RETRY_AFTER_SQL('rl')} AS retry_after,
             row_number() OVER (PARTITION BY i.bucket ORDER BY i.ord) AS rank,
             rl.level - rl.granted AS level_before, rl.granted
        FROM input i LEFT JOIN rl ON rl.bucket_key = i.bucket
    ),
    draft AS (
      SELECT ranked.*, nextval(pg_get_serial_sequence('${table}', 'id')) AS id, clock_timestamp() AS created_at,
             row_number() OVER (ORDER BY ord) AS n
        FROM ranked
       WHERE granted IS NULL OR rank <= granted
    ),${autoAssign ? LEAST_OPEN_CTES : ''}
    claim AS (
      INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
      SELECT scope, key, hash, 201,
             jsonb_build_object('id', id, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}))
        FROM draft
       WHERE key IS NOT NULL
      ON CONFLICT (scope, key) DO NOTHING
      RETURNING (response ->> 'id')::bigint AS id
    ),
    fresh AS (SELECT * FROM draft WHERE key IS NULL OR id IN (SELECT id FROM claim)),
    redeemed AS (
      INSERT INTO spam_redemptions (challenge, expires_at)
      SELECT DISTINCT ON (challenge) challenge, challenge_expires
        FROM fresh
       WHERE challenge IS NOT NULL
       ORDER BY challenge, ord
      ON CONFLICT (challenge) DO NOTHING
      RETURNING challenge
    ),
    judged AS (
      SELECT f.*, v.spam_check, enforce AND v.spam_check NOT IN ('passed', 'missing') AS held
        FROM fresh f CROSS JOIN LATERAL (
          SELECT CASE WHEN f.challenge IS NULL THEN f.checked
                      WHEN f.challenge IN (SELECT challenge FROM redeemed)
                       AND f.ord = (SELECT min(o.ord) FROM fresh o WHERE o.challenge = f.challenge)
                      THEN 'passed'
                      ELSE 'replayed' END AS spam_check
        ) v
    ),
    ins AS (
      INSERT INTO ${table} (id, created_at, assignee_id, ${columns.join(', ')}, spam_check) OVERRIDING SYSTEM VALUE
      SELECT id, created_at, ${autoAssign ? 'picks.assignee_id' : 'NULL::bigint'}, ${columns.join(', ')}, spam_check
        FROM judged${autoAssign ? ' LEFT JOIN picks ON picks.n = judged.n' : ''}
       WHERE NOT held
      RETURNING id, created_at
    ),
    hold AS (
      INSERT INTO suspected_spam (lead_kind, id, created_at, reason, fields)
      SELECT '${slug}', id, created_at, spam_check, jsonb_build_object(${fields}, 'spam_check', spam_check)
        FROM judged
       WHERE held
      RETURNING id, created_at
    ),
    stored AS (SELECT * FROM ins UNION ALL SELECT * FROM hold)
    SELECT ceil(r.level_before + r.rank)::int AS hits,
           coalesce(r.rank > r.granted, false) AS limited,
           r.retry_after,
           stored.id,
           to_char(stored.created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at,
           coalesce(j.spam_check, r.checked) AS spam_check,
           coalesce(j.held, false) AS held
      FROM ranked r
      LEFT JOIN judged j ON j.ord = r.ord
      LEFT JOIN stored ON stored.id = j.id
     ORDER BY r.ord`;
  return [`guarded-insert-${table}${autoAssign ? '-least-open' : ''}`, text];
}

/**
 * One guarded submission: its guard, its column values in the kind's insert order, and its spam
 * check (docs/product.md#spam): the outcome found before the database's part, the solved challenge
 * to redeem when that is `passed`, and whether a lead whose check does not pass is held.
 */
export interface GuardedItem {
  guard: Guard;
  values: string[];
  spam: { checked: SpamCheck; challenge: string | null; expiresAt: Date | null; enforce: boolean };
}

interface GuardedRow {
  hits: number | null;
  limited: boolean;
  retry_after: number | null;
  id: number | null;
  created_at: string | null;
  spam_check: SpamCheck;
  held: boolean;
}

const statements = new Map<string, readonly [string, string]>();
const statementFor = (kind: LeadKind<unknown>, autoAssign: boolean) => {
  const key = `${kind.table}:${autoAssign}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = guardedInsertSql(
      kind.table,
      kind.slug,
      kind.inserts.map((i) => i.column),
      autoAssign,
    );
    statements.set(key, statement);
  }
  return statement;
};

/** The submissions' answers, in their order. Every guard of a batch shares one limit. */
export async function insertGuarded(
  db: Db,
  kind: LeadKind<unknown>,
  items: GuardedItem[],
  autoAssign = false,
): Promise<GuardedResult[]> {
  const [name, text] = statementFor(kind, autoAssign);
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
      items.map((it) => it.spam.enforce),
      items.map((it) => it.spam.checked),
      items.map((it) => it.spam.challenge),
      items.map((it) => it.spam.expiresAt?.toISOString() ?? null),
      ...columns,
      items[0]!.guard.limit,
      writeDeadline(db),
    ],
  });
  return rows.map((row) => ({
    hits: row.hits,
    limited: row.limited,
    retryAfterSeconds: Math.max(1, row.retry_after ?? 60),
    created: row.id !== null && row.created_at !== null ? { id: row.id, createdAt: row.created_at } : null,
    spamCheck: row.spam_check,
    held: row.held,
  }));
}

/** The one answer every subscription gets (docs/product.md#leads): nothing about the subscriber. */
export const SUBSCRIBE_ANSWER = { accepted: true as const };

/**
 * A subscription: the hit is counted and the key claimed first, then `write` does the
 * subscription's own work in the same transaction (a concurrent retry with the same key waits),
 * and the key's answer is stored. `accepted` is false when nothing was written (over the limit,
 * or a key already used: its stored answer is replayed).
 */
export async function subscribe(
  db: Db,
  guard: Guard,
  write: (client: pg.PoolClient) => Promise<void>,
): Promise<{ hits: number | null; limited: boolean; retryAfterSeconds: number; accepted: boolean }> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{
      hits: number | null;
      limited: boolean;
      retry_after: number | null;
      claimed: boolean;
    }>(
      `WITH ${RATE_LIMIT_CTE},
       claim AS (
         INSERT INTO idempotency_keys (scope, key, request_hash)
         SELECT $3, $4, $5
          WHERE $4::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rl WHERE granted = 0)
         ON CONFLICT (scope, key) DO NOTHING
         RETURNING 1
       )
       SELECT ${RATE_LIMIT_COLUMNS}, EXISTS (SELECT 1 FROM claim) AS claimed`,
      [guard.bucketKey, guard.limit, guard.scope, guard.idempotencyKey, guard.requestHash],
    );
    const head = rows[0]!;
    const limited = head.limited;
    const base = { hits: head.hits, limited, retryAfterSeconds: Math.max(1, head.retry_after ?? 60) };
    if (limited || (guard.idempotencyKey !== null && !head.claimed)) return { ...base, accepted: false };
    await write(client);
    if (guard.idempotencyKey !== null) {
      await client.query(
        `UPDATE idempotency_keys SET status_code = 202, response = $3 WHERE scope = $1 AND key = $2`,
        [guard.scope, guard.idempotencyKey, JSON.stringify(SUBSCRIBE_ANSWER)],
      );
    }
    return { ...base, accepted: true };
  });
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
