import { describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { contact, endpoints } from './lead-helpers.ts';

describe('rate limiting', () => {
  // Each test gets its own app: a process remembers addresses over their limit until the window ends.
  async function withApp(trustProxy: boolean, fn: (app: TestApp) => Promise<void>) {
    const app = await startTestApp({ leadRateLimitPerMinute: 3, trustProxy });
    try {
      await fn(app);
    } finally {
      await app.close();
    }
  }

  it('answers 429 with Retry-After once an address passes its limit, and stores nothing more', () =>
    withApp(false, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .send({ ...contact, name: `Rate ${i}` });
        expectContract('createContact', res);
        statuses.push(res.status);
        if (res.status === 429) {
          const retryAfter = Number(res.headers['retry-after']);
          // 3 a minute: the bucket has room again 20 s after it filled.
          expect(retryAfter).toBeGreaterThanOrEqual(19);
          expect(retryAfter).toBeLessThanOrEqual(20);
          expect(res.body.detail).toMatch(/Too many submissions/);
        }
      }
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_submissions',
      );
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(rows[0]!.n).toBe(3);
    }));

  it('counts all lead kinds together per address', () =>
    withApp(false, async (app) => {
      const a = await app.request().post('/api/demo').send(endpoints[1]!.valid);
      const b = await app.request().post('/api/get-started').send(endpoints[2]!.valid);
      const c = await app.request().post('/api/newsletter').send({ email: 'x@example.com' });
      const d = await app.request().post('/api/newsletter').send({ email: 'y@example.com' });
      expectContract('subscribeNewsletter', d);
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM newsletter_subscribers',
      );
      expect([a.status, b.status, c.status, d.status]).toEqual([201, 201, 202, 429]);
      expect(rows[0]!.n).toBe(1);
    }));

  it('ignores X-Forwarded-For unless the proxy is trusted', () =>
    withApp(false, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', `203.0.113.${i}`)
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses).toContain(429);
    }));

  it('limits each forwarded address separately behind a trusted proxy', () =>
    withApp(true, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', '192.0.2.7')
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses.slice(6)).toContain(429);
    }));

  it('ties an Idempotency-Key to its client: another address with the same key stores its own lead', () =>
    withApp(true, async (app) => {
      const send = (ip: string) =>
        app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', ip)
          .set('Idempotency-Key', 'guessable-key')
          .send(contact);
      const first = await send('198.51.100.1');
      const other = await send('198.51.100.2');
      const retry = await send('198.51.100.1');
      expect([first.status, other.status, retry.status]).toEqual([201, 201, 201]);
      expect(other.body.id).not.toBe(first.body.id);
      expect(retry.body).toEqual(first.body);
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_submissions',
      );
      expect(rows[0]!.n).toBe(2);
    }));

  it('answers a flood from the cache once over the limit, without counting more in the database', () =>
    withApp(true, async (app) => {
      for (let i = 0; i < 4; i++) {
        await app.request().post('/api/contact').set('X-Forwarded-For', '192.0.2.9').send(contact);
      }
      const { rows: before } = await app.db.query('SELECT level, updated_at FROM rate_limit_buckets');
      const flood = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.request().post('/api/contact').set('X-Forwarded-For', '192.0.2.9').send(contact),
        ),
      );
      expect(new Set(flood.map((r) => r.status))).toEqual(new Set([429]));
      const { rows: after } = await app.db.query('SELECT level, updated_at FROM rate_limit_buckets');
      expect(after).toEqual(before);
    }));
});
