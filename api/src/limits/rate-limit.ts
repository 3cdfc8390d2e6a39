import type { Db } from '../db/pool.ts';
import { tooManyRequests } from '../http/errors.ts';

export interface WindowHit {
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window shared by every API process (table rate_limit_buckets).
 * Returns the hits so far in this window, this one included.
 */
export async function hitWindow(db: Db, key: string, windowSeconds: number): Promise<WindowHit> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limit_buckets AS b (bucket_key, window_start, hits)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
     ON CONFLICT (bucket_key) DO UPDATE
       SET hits = CASE WHEN b.window_start = EXCLUDED.window_start THEN b.hits + 1 ELSE 1 END,
           window_start = EXCLUDED.window_start
     RETURNING hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  return { hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** Reads a window's hits without counting one. */
export async function peekWindow(db: Db, key: string, windowSeconds: number): Promise<WindowHit> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `SELECT hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS retry_after
       FROM rate_limit_buckets
      WHERE bucket_key = $1
        AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [key, windowSeconds],
  );
  const row = rows[0];
  return row
    ? { hits: row.hits, retryAfterSeconds: Math.max(1, row.retry_after) }
    : { hits: 0, retryAfterSeconds: windowSeconds };
}

export async function clearWindow(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_buckets WHERE bucket_key = $1', [key]);
}

/**
 * Remembers, per process, which addresses are over their limit until their window ends, so a
 * flood is answered without touching the database. Limits only get stricter this way: the shared
 * counter in PostgreSQL stays the authority for everyone under the limit.
 */
export class OverLimitCache {
  private readonly until = new Map<string, number>();

  constructor(private readonly maxEntries = 10_000) {}

  check(key: string, now = Date.now()): void {
    const end = this.until.get(key);
    if (end === undefined) return;
    if (end <= now) {
      this.until.delete(key);
      return;
    }
    throw tooManyRequests(
      (end - now) / 1000,
      'Too many submissions from your address. Please try again in a minute.',
    );
  }

  remember(key: string, retryAfterSeconds: number, now = Date.now()): void {
    if (this.until.size >= this.maxEntries) {
      for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
      if (this.until.size >= this.maxEntries) this.until.clear();
    }
    this.until.set(key, now + retryAfterSeconds * 1000);
  }
}
