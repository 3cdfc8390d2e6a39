import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.db.query('TRUNCATE rate_limit_buckets, admin_sessions, admin_devices'));

describe('throttling failed logins', () => {
  it('answers 429 with Retry-After after 5 failures for one account, even with the right password', async () => {
    const agent = t.request().set('Origin', t.baseUrl);
    for (let i = 0; i < 5; i++) {
      expect(
        (await agent.post('/api/admin/login').send({ username: 'admin', password: `wrong-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await agent.post('/api/admin/login').send(ADMIN);
    expectContract('adminLogin', blocked);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
  });

  it('throttles one address trying many accounts after 20 failures', async () => {
    const agent = t.request().set('Origin', t.baseUrl);
    for (let i = 0; i < 20; i++) {
      await agent.post('/api/admin/login').send({ username: `user-${i}`, password: 'x' });
    }
    const res = await agent.post('/api/admin/login').send({ username: 'someone-new', password: 'x' });
    expect(res.status).toBe(429);
  });
});

describe('cross-site protection', () => {
  it('refuses a state change without the site as Origin', async () => {
    const noOrigin = await t.request().post('/api/admin/login').send(ADMIN);
    expectContract('adminLogin', noOrigin);
    expect(noOrigin.status).toBe(403);
    const foreign = await t
      .request()
      .post('/api/admin/login')
      .set('Origin', 'https://evil.example')
      .send(ADMIN);
    expect(foreign.status).toBe(403);
    const agent = await signedIn(t);
    const patch = await agent
      .patch('/api/demos/1')
      .set('Origin', 'https://evil.example')
      .send({ status: 'confirmed' });
    expect(patch.status).toBe(403);
  });

  it('compares the scheme of the Origin too, and heeds Sec-Fetch-Site', async () => {
    const otherScheme = await t
      .request()
      .post('/api/admin/login')
      .set('Origin', t.baseUrl.replace('http:', 'https:'))
      .send(ADMIN);
    expectContract('adminLogin', otherScheme);
    expect(otherScheme.status).toBe(403);
    const crossSite = await t
      .request()
      .post('/api/admin/login')
      .set('Origin', t.baseUrl)
      .set('Sec-Fetch-Site', 'cross-site')
      .send(ADMIN);
    expect(crossSite.status).toBe(403);
    const sameOrigin = await t
      .request()
      .post('/api/admin/login')
      .set('Origin', t.baseUrl)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(ADMIN);
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses a form-encoded login with 415', async () => {
    const res = await t.request().post('/api/admin/login').set('Origin', t.baseUrl).type('form').send(ADMIN);
    expect(res.status).toBe(415);
  });
});
