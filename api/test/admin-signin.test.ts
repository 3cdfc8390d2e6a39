import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/admin/admin.service.ts';
import { usePasswordHashCost } from '../src/admin/auth/password.ts';
import { createLogger } from '../src/http/logger.ts';
import { ADMIN, createAdmin } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// Sign-in under attack (docs/product.md#admin-desk): attempts are counted before they are
// checked, a known device keeps its own count, hashing is bounded, one spelling of a username.

const events: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void events.push(JSON.parse(line)) });

let t: TestApp;
let site: string;
beforeAll(async () => {
  site = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-site-'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Home</title>');
  t = await startTestApp({ trustProxy: true, staticDir: site }, { log });
  await createAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('TRUNCATE rate_limit_buckets, admin_sessions, admin_devices');
  events.length = 0;
});

let address = 0;
/** A client at its own address, as the site's visitors are behind the trusted proxy. */
const from = (ip = `198.51.100.${++address % 250}`) =>
  t.request().set('Origin', t.baseUrl).set('X-Forwarded-For', ip);
const login = (agent: supertest.Agent, body: { username: string; password: string }) =>
  agent.post('/api/admin/login').send(body);
const isBusyRefusal = (e: Record<string, unknown>) =>
  e.event === 'login.throttled' && JSON.stringify(e.limit) === '["busy"]';
const wrong = (i: number) => ({ username: 'admin', password: `wrong password ${i}` });

describe('counting attempts', () => {
  it('refuses the 6th and later of many wrong passwords sent at once, however they are timed', async () => {
    const agent = from('192.0.2.10');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(agent, wrong(i))));
    for (const a of answers) expectContract('adminLogin', a);
    const statuses = answers.map((a) => a.status);
    // At most 5 were checked at all; the rest were refused unchecked: 429 by the count, or 503
    // when the hashing queue was full (those give their hit back, and are refused all the same).
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429 || s === 503).length).toBe(12 - checked);
    // Whatever the burst's timing, the account has exactly five checks in all: the ones it did not
    // use are left for the attempts that follow, and the next one after them is refused.
    const after: number[] = [];
    for (let i = 0; i < 6 - checked; i++) after.push((await login(agent, wrong(100 + i))).status);
    expect(after).toEqual([...Array<number>(5 - checked).fill(401), 429]);
  });

  it('counts every spelling that folds to one username together, and signs in only the exact account', async () => {
    for (const name of ['ADMIN', ' Admin ', 'ａｄｍｉｎ', 'admin', 'AdMiN']) {
      expect((await login(from(), { username: name, password: 'not the password' })).status).toBe(401);
    }
    expect((await login(from(), ADMIN)).status).toBe(429);
    await t.db.query('TRUNCATE rate_limit_buckets');
    // A dotted capital I folds to "i" in PostgreSQL but not here: it names no account.
    const dotted = await login(from(), { username: 'ADMİN', password: ADMIN.password });
    expect(dotted.status).toBe(401);
  });
});

describe('an attack does not lock the admin out', () => {
  it('lets the admin in from a device that signed in before, while the attacker stays throttled', async () => {
    const admin = from('192.0.2.20');
    expect((await login(admin, ADMIN)).status).toBe(200);
    expect((await admin.post('/api/admin/logout')).status).toBe(204);

    const attacks = [];
    for (let i = 0; i < 8; i++) attacks.push((await login(from(), wrong(i))).status);
    expect(attacks).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password from a new device is throttled too: the account is under attack.
    expect((await login(from(), ADMIN)).status).toBe(429);

    const back = await login(admin, ADMIN);
    expectContract('adminLogin', back);
    expect(back.status).toBe(200);
    expect((await admin.get('/api/admin/session')).status).toBe(200);
    expect((await login(from(), wrong(99))).status).toBe(429);
  });

  it('throttles a known device that guesses wrong on its own, leaving other devices alone', async () => {
    const guesser = from('192.0.2.30');
    const other = from('192.0.2.31');
    expect((await login(guesser, ADMIN)).status).toBe(200);
    expect((await login(other, ADMIN)).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(guesser, wrong(i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(guesser, ADMIN)).status).toBe(429);
    expect((await login(other, ADMIN)).status).toBe(200);
  });

  it('logs every refused and throttled attempt as a security event, without the password', async () => {
    for (let i = 0; i < 6; i++)
      await login(from('192.0.2.40'), { username: ' ADMIN ', password: 'hunter2 hunter2' });
    const refused = events.filter((e) => e.event === 'login.refused');
    const throttled = events.filter((e) => e.event === 'login.throttled');
    expect(refused).toHaveLength(5);
    expect(throttled).toHaveLength(1);
    expect(refused[0]).toMatchObject({ username: 'admin', ip: '192.0.2.40', reason: 'wrong-password' });
    expect(throttled[0]).toMatchObject({ username: 'admin', ip: '192.0.2.40', limit: ['account'] });
    expect(JSON.stringify(events)).not.toContain('hunter2');
  });
});

describe('a login flood', () => {
  // How fast pages and leads answer during a flood is measured by `npm run bench:login`
  // (docs/testing.md#time); here, what is answered and in what order. At the production cost
  // (docs/testing.md#password-cost): the queue fills only while each check takes a real hash's time.
  beforeAll(() => usePasswordHashCost('production'));
  afterAll(() => usePasswordHashCost('test'));
  it('refuses password checks beyond a short queue at once, while pages and leads answer during it', async () => {
    const started = Date.now();
    const flood = Array.from({ length: 30 }, (_, i) =>
      login(from(`203.0.113.${i + 1}`), { username: `nobody-${i}`, password: 'wrong password' }).then(
        (r) => ({
          status: r.status,
          retryAfter: r.headers['retry-after'],
          ms: Date.now() - started,
        }),
      ),
    );
    // The queue is full (the flood's first refusal as busy) before the pages are asked for.
    await expect.poll(() => events.some(isBusyRefusal), { timeout: 10_000 }).toBe(true);
    let pagesDone = 0;
    for (let i = 0; i < 5; i++) {
      expect((await t.request().get('/')).status).toBe(200);
      const lead = await from()
        .post('/api/contact')
        .send({ name: 'During Flood', email: 'f@example.com', message: 'Sent during a login flood.' });
      expect(lead.status).toBe(201);
      pagesDone = Date.now() - started;
    }
    const answers = await Promise.all(flood);
    const busy = answers.filter((a) => a.status === 503);
    const checked = answers.filter((a) => a.status !== 503);
    expect(busy.length).toBeGreaterThanOrEqual(20);
    expect(busy.every((a) => a.retryAfter === '1')).toBe(true);
    // At once: each refusal is the `busy` limit, decided before anything is counted or hashed; and
    // the pages and leads were answered while the queue still held password checks, not after them.
    const refusedBusy = events.filter(isBusyRefusal);
    expect(refusedBusy).toHaveLength(busy.length);
    expect(pagesDone).toBeLessThan(Math.max(...checked.map((a) => a.ms)));
  });

  it('logs the refusals of a flood as sampled warnings, never as errors with a stack', async () => {
    // A server of its own: refusals are logged at most once a second per route and status, and
    // the test before may have had this second's line for the same route and status.
    const logged: Record<string, unknown>[] = [];
    const own = await startTestApp(
      { trustProxy: true, passwordHashCost: 'production' },
      { log: pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) }) },
    );
    try {
      const flood = await Promise.all(
        Array.from({ length: 40 }, () =>
          own
            .request()
            .post('/api/admin/login')
            .set('Origin', own.baseUrl)
            .set('X-Forwarded-For', '203.0.113.200')
            .send({ username: 'nobody', password: 'wrong password' }),
        ),
      );
      const refused = flood.filter((r) => r.status === 503 || r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(20);
      expect(logged.filter((e) => (e.level as number) >= 50)).toEqual([]);
      expect(logged.filter((e) => 'err' in e || 'stack' in e)).toEqual([]);
      const answered = logged.filter((e) => e.msg !== 'request' && (e.status === 503 || e.status === 429));
      expect(answered.every((e) => e.level === 40)).toBe(true);
      // Sampled: each line counts those left out before it (the last second's wait for the next line).
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.length).toBeLessThan(refused.length / 4);
      expect(answered.reduce((n, e) => n + 1 + (e.alsoRefused as number), 0)).toBeLessThanOrEqual(
        refused.length,
      );
      const throttled = logged.filter((e) => e.event === 'login.throttled');
      expect(throttled.length).toBeLessThan(refused.length / 4);
    } finally {
      await own.close();
    }
    // A server of its own and a flood at the production cost on two cores shared with the browser
    // tests (docs/testing.md): the test waits for its answers, for up to two minutes.
  }, 120_000);
});

describe('the password rule', () => {
  it('refuses an ADMIN_PASSWORD shorter than 12 characters on first start, as the CLI does', async () => {
    const app = await startTestApp();
    try {
      await expect(
        ensureFirstAdmin(
          app.db,
          { adminUsername: 'admin', adminPassword: 'elevenchars' },
          createLogger('silent'),
        ),
      ).rejects.toThrow('ADMIN_PASSWORD must be at least 12 characters');
      const { rows } = await app.db.query('SELECT 1 FROM admin_users');
      expect(rows).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
