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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the lead rate limit', () => {
  it('lets an address no more than its limit across a calendar-minute boundary', async () => {
    // Send one limit's worth just before a minute turns and another just after it: a window
    // that restarts on the minute took both (20 in about two seconds).
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 1500) await sleep(toBoundary + 100);
    await sleep(60_000 - (Date.now() % 60_000) - 1200);
    const send = (i: number) =>
      t
        .request()
        .post('/api/contact')
        .set('X-Forwarded-For', '198.51.100.20')
        .send(lead(`Slide ${i}`));
    const before = [];
    for (let i = 0; i < 10; i++) before.push((await send(i)).status);
    await sleep(Math.max(0, 60_000 - (Date.now() % 60_000)) + 300);
    const after = [];
    for (let i = 10; i < 20; i++) after.push((await send(i)).status);
    expect(before).toEqual(Array(10).fill(201));
    // The bucket refills one submission every 6 s: at most one more in these seconds.
    expect(after.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    expect(after.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
  }, 90_000);
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
