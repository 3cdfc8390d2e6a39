import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.ts';
import type { OperationId } from '../src/http/typed.ts';
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

describe('admin login', () => {
  it('refuses wrong credentials with 401 and the login failure message, then signs in with the right ones', async () => {
    const agent = t.request().set('Origin', t.baseUrl);
    const wrong = await agent.post('/api/admin/login').send({ username: 'admin', password: 'nope' });
    expectContract('adminLogin', wrong);
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid username or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await agent.post('/api/admin/login').send(ADMIN);
    expectContract('adminLogin', right);
    expect(right.status).toBe(200);
    expect(right.body.username).toBe('admin');
    expect(right.headers['cache-control']).toBe('no-store');
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
    expect(cookie).toMatch(/path=\//i);

    const session = await agent.get('/api/admin/session');
    expectContract('getAdminSession', session);
    expect(session.status).toBe(200);
    expect(session.body.username).toBe('admin');
  });

  it('gives the same answer for an unknown user as for a wrong password', async () => {
    const res = await t
      .request()
      .set('Origin', t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'ghost', password: 'whatever' });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Invalid username or password');
  });

  it('requires both fields', async () => {
    const res = await t
      .request()
      .set('Origin', t.baseUrl)
      .post('/api/admin/login')
      .send({ username: '', password: '' });
    expectContract('adminLogin', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/username', message: 'Username is required' },
      { path: '/password', message: 'Password is required' },
    ]);
  });

  it('uses a Secure __Host- cookie over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await startTestApp({ trustProxy: true });
    try {
      await createAdmin(proxied);
      const res = await proxied
        .request()
        .set('Origin', proxied.baseUrl.replace('http:', 'https:'))
        .set('X-Forwarded-Proto', 'https')
        .post('/api/admin/login')
        .send(ADMIN);
      expect(res.status).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-sid=/);
      expect(cookie).toMatch(/secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('issues a fresh session id at every login and stores only its hash', async () => {
    const agent = t.request().set('Origin', t.baseUrl);
    const a = await agent.post('/api/admin/login').send(ADMIN);
    const b = await agent.post('/api/admin/login').send(ADMIN);
    const idA = String(a.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    const idB = String(b.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    expect(idA).not.toBe(idB);
    const { rows } = await t.db.query<{ id_hash: Buffer }>('SELECT id_hash FROM admin_sessions');
    expect(rows).toHaveLength(1); // the first was replaced
    expect(rows[0]!.id_hash.toString('base64url')).not.toBe(idB);
    const old = await t.request().get('/api/admin/session').set('Cookie', `sid=${idA}`);
    expect(old.status).toBe(401);
  });
});

describe('sessions', () => {
  it('logout deletes the session on the server, so the old cookie is refused', async () => {
    const agent = await signedIn(t);
    const cookie = (await t.db.query('SELECT count(*)::int AS n FROM admin_sessions')).rows[0].n;
    expect(cookie).toBe(1);
    const before = await agent.get('/api/contacts');
    expect(before.status).toBe(200);
    const res = await agent.post('/api/admin/logout');
    expectContract('adminLogout', res);
    expect(res.status).toBe(204);
    expect((await t.db.query('SELECT count(*)::int AS n FROM admin_sessions')).rows[0].n).toBe(0);
    const after = await agent.get('/api/contacts');
    expectContract('listContacts', after);
    expect(after.status).toBe(401);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const agent = await signedIn(t);
    await t.db.query(`UPDATE admin_sessions SET last_seen_at = now() - interval '31 minutes'`);
    const res = await agent.get('/api/admin/session');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Your session has expired. Please log in again.');
  });

  it('slides the idle expiry on use', async () => {
    const agent = await signedIn(t);
    await t.db.query(`UPDATE admin_sessions SET last_seen_at = now() - interval '29 minutes'`);
    expect((await agent.get('/api/admin/session')).status).toBe(200);
    const { rows } = await t.db.query(
      `SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM admin_sessions`,
    );
    expect(rows[0].fresh).toBe(true);
  });

  it('ends a session at its absolute expiry of 12 hours, even if in use', async () => {
    const agent = await signedIn(t);
    const { rows } = await t.db.query(`SELECT expires_at - created_at AS lifetime FROM admin_sessions`);
    expect(rows[0].lifetime).toMatchObject({ hours: 12 });
    await t.db.query(`UPDATE admin_sessions SET expires_at = now() - interval '1 second'`);
    expect((await agent.get('/api/admin/session')).status).toBe(401);
  });

  const secured = [...loadContract().operations.values()].filter((op) => op.secured);
  it.each(secured.map((op) => [op.operationId, op] as const))(
    '%s answers 401 without a session',
    async (id, op) => {
      const path = op.path.replace('{id}', '1');
      const agent = t.request();
      const call = agent[op.method].bind(agent);
      const res = await call(path)
        .set('Origin', t.baseUrl)
        .send(op.body ? { status: 'pending', isActive: true } : undefined);
      expectContract(id as OperationId, res);
      expect(res.status).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );
});
