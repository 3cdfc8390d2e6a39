import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';

// Counters are touched once per statement, not once per row (see the count-per-statement
// migration): one statement that writes 50,000 rows writes a counter row a handful of times, and
// the counts stay exact.

const N = 50_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase();
  // Without the app's statement timeout: the point is what one big statement costs.
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

const one = async (sql: string) => Number((await client.query(sql)).rows[0].n);
const counted = (key: string) =>
  one(`SELECT coalesce(sum(n), 0) AS n FROM lead_counts WHERE lead_table = '${key}'`);

/**
 * Runs `sql` in a transaction and answers how many counter rows it inserted or updated. PostgreSQL
 * keeps these figures per table for the backend until it reports them, which it does at most once a
 * second, so they may still hold an earlier transaction's writes: the difference before and after
 * the statement, inside one transaction, is the statement's own.
 */
async function counterWrites(sql: string): Promise<number> {
  const writes = () =>
    one(
      `SELECT sum(pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid)) AS n
         FROM pg_class c WHERE c.relname IN ('lead_counts', 'lead_daily_counts')`,
    );
  await client.query('BEGIN');
  try {
    const before = await writes();
    await client.query(sql);
    const n = (await writes()) - before;
    await client.query('COMMIT');
    return n;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

describe('counting in single statements of 50,000 rows', () => {
  it('counts active subscribers inserted, changed and deleted at once, writing the counter once per statement', async () => {
    expect(
      await counterWrites(
        `INSERT INTO newsletter_subscribers (email, status)
         SELECT 'bulk' || g || '@example.com', 'active' FROM generate_series(1, ${N}) g`,
      ),
    ).toBeLessThanOrEqual(3);
    expect(await counted('newsletter_subscribers:active')).toBe(N);
    expect(await counted('newsletter_subscribers')).toBe(N);

    expect(
      await counterWrites(`UPDATE newsletter_subscribers SET status = 'inactive' WHERE id % 2 = 0`),
    ).toBeLessThanOrEqual(3);
    const active = await one(`SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'active'`);
    expect(active).toBe(N / 2);
    expect(await counted('newsletter_subscribers:active')).toBe(active);

    // An update that changes neither status nor day writes no counter at all.
    expect(await counterWrites(`UPDATE newsletter_subscribers SET email = 'x' || email`)).toBe(0);
    expect(await counted('newsletter_subscribers:active')).toBe(active);

    expect(await counterWrites(`DELETE FROM newsletter_subscribers`)).toBeLessThanOrEqual(3);
    expect(await counted('newsletter_subscribers:active')).toBe(0);
    expect(await counted('newsletter_subscribers')).toBe(0);
  });

  it('moves 50,000 leads between days in one statement, writing each day touched once', async () => {
    await client.query(
      `INSERT INTO contact_submissions (name, email, message, created_at)
       SELECT 'Bulk Person', 'bulk' || g || '@example.com', 'A message of some length.',
              now() - (g % 3) * interval '1 day'
         FROM generate_series(1, ${N}) g`,
    );
    expect(
      await counterWrites(`UPDATE contact_submissions SET created_at = created_at - interval '5 days'`),
    ).toBeLessThanOrEqual(6);
    const { rows } = await client.query<{ day: string; counted: string; actual: string }>(
      `SELECT coalesce(c.day, a.day)::text AS day, coalesce(c.n, 0) AS counted, coalesce(a.n, 0) AS actual
         FROM (SELECT day, sum(n) AS n FROM lead_daily_counts WHERE lead_table = 'contact_submissions'
                GROUP BY day HAVING sum(n) <> 0) c
         FULL JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM contact_submissions
                     GROUP BY 1) a ON a.day = c.day`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(Number(r.counted), r.day).toBe(Number(r.actual));
  });
});
