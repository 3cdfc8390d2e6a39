import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { sweepRateLimits } from '../src/limits/rate-limit.repo.ts';
import { startHousekeeping } from '../src/system/housekeeping.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 10, trustProxy: true });
});
afterAll(() => t.close());

const lead = (name: string) => ({ name, email: 'slide@example.com', message: 'Sliding window test.' });
/**
 * Gives the app's statements in this database a clock the test sets: `now()` there is `clock.now()`
 * (first on the app role's search path in this database only), which answers `clock.frozen.at` while
 * it is set and PostgreSQL's own time otherwise. The app's open connections are ended so that its
 * next ones start with that path.
 */
async function databaseClock(app: TestApp) {
  const user = new URL(app.appDatabaseUrl).username;
  const role = pg.escapeIdentifier(user);
  const database = (await app.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
  await app.db.query(`
    CREATE SCHEMA clock;
    CREATE TABLE clock.frozen (at timestamptz);
    INSERT INTO clock.frozen VALUES (NULL);
    CREATE FUNCTION clock.now() RETURNS timestamptz LANGUAGE sql STABLE
      AS $$ SELECT coalesce((SELECT at FROM clock.frozen), pg_catalog.now()) $$;
    GRANT USAGE ON SCHEMA clock TO ${role};
    GRANT SELECT ON clock.frozen TO ${role};
    ALTER ROLE ${role} IN DATABASE ${pg.escapeIdentifier(database)} SET search_path = clock, pg_catalog, "$user", public;
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND usename = ${pg.escapeLiteral(user)};`);
  return {
    /** Stops the clock at `sql` (an expression PostgreSQL evaluates, `at` being the current setting). */
    set: (sql: string) => app.db.query(`UPDATE clock.frozen SET at = ${sql}`),
    release: () => app.db.query('UPDATE clock.frozen SET at = NULL'),
  };
}

describe('the lead rate limit', () => {
  it('lets an address no more than its limit across a calendar-minute boundary', async () => {
    // One limit's worth a second before a minute turns and another a second after it, on the
    // database's clock (which the bucket reads): a window that restarts on the minute took both.
    const clock = await databaseClock(t);
    const send = (i: number) =>
      t
        .request()
        .post('/api/contact')
        .set('X-Forwarded-For', '198.51.100.20')
        .send(lead(`Slide ${i}`));
    try {
      await clock.set(`date_trunc('minute', now()) + interval '59 seconds'`);
      const before = [];
      for (let i = 0; i < 10; i++) before.push((await send(i)).status);
      await clock.set(`at + interval '2 seconds'`);
      const after = [];
      for (let i = 10; i < 20; i++) after.push((await send(i)).status);
      expect(before).toEqual(Array(10).fill(201));
      // The bucket refills one submission every 6 s: at most one more in these seconds.
      expect(after.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
      expect(after.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
    } finally {
      await clock.release();
    }
  });
});

describe('expiring buckets', () => {
  async function failedLogins(n: number) {
    for (let i = 0; i < n; i++) {
      await t
        .request()
        .set('Origin', t.baseUrl)
        .post('/api/admin/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ username: `nobody-${i}-${Date.now()}`, password: 'wrong password' });
    }
  }
  const keys = async () =>
    (await t.db.query<{ bucket_key: string }>('SELECT bucket_key FROM rate_limit_buckets')).rows.map(
      (r) => r.bucket_key,
    );

  it('deletes the buckets of failed logins once they have drained, and keeps live ones', async () => {
    await t.db.query('TRUNCATE rate_limit_buckets');
    await failedLogins(3);
    const created = await keys();
    expect(created.length).toBeGreaterThanOrEqual(3);
    // Drained: last touched long enough ago that their level is back to 0.
    await t.db.query(`UPDATE rate_limit_buckets SET updated_at = now() - interval '2 hours'`);
    await t.request().post('/api/contact').set('X-Forwarded-For', '192.0.2.44').send(lead('Still Counted'));
    expect(await sweepRateLimits(t.db)).toBe(created.length);
    expect(await keys()).toEqual(['lead:192.0.2.44']);
  });

  it('are swept by the housekeeping the server runs', async () => {
    await t.db.query('TRUNCATE rate_limit_buckets');
    await failedLogins(2);
    await t.db.query(`UPDATE rate_limit_buckets SET updated_at = now() - interval '2 hours'`);
    const housekeeping = startHousekeeping(t.db, createLogger('silent'), 50);
    try {
      await expect.poll(keys, { timeout: 5000 }).toEqual([]);
    } finally {
      housekeeping.stop();
    }
  });
});
