import type { Db } from '../db/pool.ts';

/** A limit: at most `capacity` hits at once, refilled evenly over `periodSeconds`. */
export interface Limit {
  capacity: number;
  periodSeconds: number;
}

export interface Take {
  key: string;
  /** Let through (the bucket had room), or refused. */
  granted: boolean;
  /** Seconds until the bucket has room for one more hit. */
  retryAfterSeconds: number;
}

/**
 * Counts hits in leaky buckets shared by every API process (table rate_limit_buckets, see its
 * migration): one INSERT ... ON CONFLICT per statement, so concurrent hits on one key are counted
 * one after the other and the Nth is refused however they are timed. `source` is a relation with
 * the columns (bucket, n, capacity, per_second); each bucket lets through as many of its n hits
 * as it has room for. Buckets are upserted in key order, so two statements cannot deadlock.
 * Returns bucket_key, level (after), granted, capacity, per_second.
 */
export function takeSql(source: string): string {
  return `
    INSERT INTO rate_limit_buckets AS b (bucket_key, level, granted, capacity, per_second, updated_at)
    SELECT bucket, least(n, capacity), least(n, capacity), capacity, per_second, now()
      FROM (${source}) src
     ORDER BY bucket
    ON CONFLICT (bucket_key) DO UPDATE
      SET (level, granted, capacity, per_second, updated_at) = (
        SELECT cur + g, g, EXCLUDED.capacity, EXCLUDED.per_second, now()
          FROM (SELECT cur, least(EXCLUDED.granted, greatest(0, floor(EXCLUDED.capacity - cur)))::int AS g
                  FROM (SELECT rate_limit_level(b.level, b.updated_at, b.per_second) AS cur) c) d)
    RETURNING bucket_key, level, granted, capacity, per_second`;
}

/** Seconds until a bucket (columns of takeSql's RETURNING) has room for one more hit. */
export const RETRY_AFTER_SQL = (t: string) =>
  `greatest(1, ceil((${t}.level + 1 - ${t}.capacity) / ${t}.per_second))::int`;

/** One hit in each bucket, in one statement. Each bucket decides alone (see refund). */
export async function take(db: Db, hits: { key: string; limit: Limit }[]): Promise<Take[]> {
  const { rows } = await db.query<{ bucket_key: string; granted: number; retry_after: number }>(
    `WITH t AS (${takeSql(
      `SELECT * FROM unnest($1::text[], $2::int[], $3::float8[]) AS u (bucket, capacity, per_second)
         CROSS JOIN (SELECT 1 AS n) one`,
    )})
     SELECT bucket_key, granted, ${RETRY_AFTER_SQL('t')} AS retry_after FROM t`,
    [
      hits.map((h) => h.key),
      hits.map((h) => h.limit.capacity),
      hits.map((h) => h.limit.capacity / h.limit.periodSeconds),
    ],
  );
  return hits.map((h) => {
    const row = rows.find((r) => r.bucket_key === h.key)!;
    return { key: h.key, granted: row.granted > 0, retryAfterSeconds: row.retry_after };
  });
}

/** Gives back one hit to each bucket: a hit that turned out not to count (a successful login). */
export async function refund(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `UPDATE rate_limit_buckets
        SET level = greatest(0, rate_limit_level(level, updated_at, per_second) - 1), updated_at = now()
      WHERE bucket_key = ANY($1::text[])`,
    [keys],
  );
}

/** Deletes the buckets that have drained: they remember nothing (docs/operations.md#housekeeping). */
export async function sweepRateLimits(db: Db): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM rate_limit_buckets WHERE rate_limit_level(level, updated_at, per_second) = 0',
  );
  return rowCount ?? 0;
}
