import { spawnSync } from 'node:child_process';
import type supertest from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import type { TestApp } from './harness.ts';
import { agentOf, appsClosedAfterAll, code, enrol } from './mfa-helpers.ts';

// The second factor (docs/operations.md#second-factor) under ADMIN_MFA=optional: enrolment, sign-in
// with a TOTP code or a recovery code, single use, throttling. The other two policies are in
// admin-mfa-policies.test.ts.

const app = appsClosedAfterAll();
const cookies = (res: supertest.Response) => String(res.headers['set-cookie'] ?? '');

describe('under ADMIN_MFA=optional (npm start)', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await app({ adminMfa: 'optional' });
    const agent = await signedIn(t);
    const session = await agent.get('/api/admin/session');
    expect(session.body.secondFactor).toEqual({
      policy: 'optional',
      enrolled: false,
      mustEnrol: false,
      recoveryCodesLeft: 0,
    });
    // The first enrolment asks for the password: a stolen session alone cannot bind an app.
    const noPassword = await agent.post('/api/admin/second-factor/enrolment').send({});
    expectContract('startSecondFactorEnrolment', noPassword);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ path: '/password', message: 'Password is required' }]);
    const wrongPassword = await agent
      .post('/api/admin/second-factor/enrolment')
      .send({ password: 'not the password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ path: '/password', message: 'Invalid password' }]);
    const start = await agent.post('/api/admin/second-factor/enrolment').send({ password: ADMIN.password });
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauthUri).toBe(
      `otpauth://totp/Lead%20Desk:admin?secret=${start.body.secret}&issuer=Lead%20Desk`,
    );
    expect(start.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const wrongFirst = await agent
      .post('/api/admin/second-factor/enrolment/confirm')
      .send({ code: code(start.body.secret, 5) });
    expectContract('confirmSecondFactorEnrolment', wrongFirst);
    expect(wrongFirst.status).toBe(400);
    expect(wrongFirst.body.errors[0].path).toBe('/code');
    await t.db.query('TRUNCATE rate_limit_buckets');
    // Enrolment replaces the pending secret each time it starts; confirm the one shown last.
    ({ secret, recoveryCodes } = await enrol(t, agent));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await agent.get('/api/admin/session')).body.secondFactor).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
  });
  beforeEach(() => t.db.query('TRUNCATE rate_limit_buckets, admin_login_challenges'));

  it('stores the secret encrypted and the recovery codes hashed', async () => {
    const { rows } = await t.db.query<{ secret: Buffer }>('SELECT totp_secret AS secret FROM admin_users');
    expect(rows[0]!.secret.toString('latin1')).not.toContain(secret);
    const { rows: codes } = await t.db.query<{ h: Buffer }>(
      'SELECT code_hash AS h FROM admin_recovery_codes',
    );
    expect(codes).toHaveLength(10);
    const stored = codes.map((c) => c.h.toString('latin1')).join('');
    for (const c of recoveryCodes) expect(stored).not.toContain(c.replaceAll('-', ''));
  });

  it('asks for a code after the password; the pending sign-in is not a session', async () => {
    const agent = agentOf(t);
    const first = await agent.post('/api/admin/login').send(ADMIN);
    expectContract('adminLogin', first);
    expect(first.status).toBe(202);
    expect(first.body.secondFactor.methods).toEqual(['totp', 'recovery-code']);
    expect(cookies(first)).toMatch(/(^|,)signin=/);
    expect(cookies(first)).not.toMatch(/(^|,)sid=/);
    expect((await agent.get('/api/admin/session')).status).toBe(401);
    expect((await agent.get('/api/contacts')).status).toBe(401);

    const wrong = await agent.post('/api/admin/login/second-factor').send({ code: code(secret, 4) });
    expectContract('verifyAdminSecondFactor', wrong);
    expect(wrong.status).toBe(401);
    const right = await agent.post('/api/admin/login/second-factor').send({ code: code(secret) });
    expectContract('verifyAdminSecondFactor', right);
    expect(right.status).toBe(200);
    expect(right.body.username).toBe('admin');
    expect(cookies(right)).toMatch(/(^|,)sid=/);
    expect((await agent.get('/api/contacts')).status).toBe(200);
  });

  it('takes the code step only with a pending sign-in', async () => {
    const res = await agentOf(t)
      .post('/api/admin/login/second-factor')
      .send({ code: code(secret) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Your sign-in has expired. Please log in again.');
  });

  it('accepts each code once: a replay, even at the same moment, is refused', async () => {
    await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
    const agents = [agentOf(t), agentOf(t), agentOf(t)];
    for (const a of agents) expect((await a.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    const same = code(secret);
    const answers = await Promise.all(
      agents.slice(0, 2).map((a) => a.post('/api/admin/login/second-factor').send({ code: same })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const later = await agents[2]!.post('/api/admin/login/second-factor').send({ code: same });
    expect(later.status).toBe(401);
  });

  it('signs in with a recovery code once', async () => {
    const recovery = recoveryCodes[0]!;
    const a = agentOf(t);
    expect((await a.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    const used = await a.post('/api/admin/login/second-factor').send({ code: recovery.toUpperCase() });
    expect(used.status).toBe(200);
    expect(used.body.secondFactor.recoveryCodesLeft).toBe(9);
    const b = agentOf(t);
    expect((await b.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    expect((await b.post('/api/admin/login/second-factor').send({ code: recovery })).status).toBe(401);
  });

  it('throttles code guesses like passwords: five tries per sign-in, then 429', async () => {
    const agent = agentOf(t);
    expect((await agent.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    const statuses = [];
    for (let i = 1; i <= 5; i++) {
      statuses.push(
        (await agent.post('/api/admin/login/second-factor').send({ code: code(secret, i + 2) })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const spent = await agent.post('/api/admin/login/second-factor').send({ code: code(secret) });
    expect(spent.status).toBe(401);
    expect(spent.body.detail).toBe('Your sign-in has expired. Please log in again.');
    expect((await agent.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    const throttled = await agent.post('/api/admin/login/second-factor').send({ code: code(secret) });
    expectContract('verifyAdminSecondFactor', throttled);
    expect(throttled.status).toBe(429);
  });

  it('gives new recovery codes for a current code; the old ones stop working', async () => {
    await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
    const agent = await signInWithCode(t, secret);
    await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
    const res = await agent.post('/api/admin/second-factor/recovery-codes').send({ code: code(secret) });
    expectContract('regenerateRecoveryCodes', res);
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    const b = agentOf(t);
    expect((await b.post('/api/admin/login').send(ADMIN)).status).toBe(202);
    expect((await b.post('/api/admin/login/second-factor').send({ code: recoveryCodes[1] })).status).toBe(
      401,
    );
    expect(
      (await b.post('/api/admin/login/second-factor').send({ code: res.body.recoveryCodes[0] })).status,
    ).toBe(200);
    recoveryCodes = res.body.recoveryCodes;
  });

  it('replaces the authenticator only with the password and a current code or a recovery code', async () => {
    await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
    const agent = await signInWithCode(t, secret);
    const replace = (body: object) => agent.post('/api/admin/second-factor/enrolment').send(body);
    const without = await replace({});
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([{ path: '/password', message: 'Password is required' }]);
    // The password alone no longer replaces it: a thief who knows it needs the phone too.
    const passwordOnly = await replace({ password: ADMIN.password });
    expectContract('startSecondFactorEnrolment', passwordOnly);
    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.body.errors[0].path).toBe('/code');
    expect((await replace({ password: 'not it at all', code: code(secret) })).status).toBe(400);
    expect((await replace({ password: ADMIN.password, code: code(secret, 6) })).status).toBe(400);
    await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
    const withCode = await replace({ password: ADMIN.password, code: code(secret) });
    expectContract('startSecondFactorEnrolment', withCode);
    expect(withCode.status).toBe(200);
    expect(withCode.body.secret).not.toBe(secret);
    // A recovery code does too (a lost phone), and is used up by it.
    const [recovery] = recoveryCodes.splice(-1);
    const withRecovery = await replace({ password: ADMIN.password, code: recovery });
    expect(withRecovery.status).toBe(200);
    expect((await replace({ password: ADMIN.password, code: recovery })).status).toBe(400);
  });

  it('forgets the second factor with the admin CLI (reset-mfa), ending the sessions', async () => {
    const agent = await signInWithCode(t, secret, true);
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'api/src/cli/admin.ts', 'reset-mfa', 'admin'],
      {
        env: { ...process.env, DATABASE_URL: t.databaseUrl, ADMIN_PASSWORD: '' },
        encoding: 'utf8',
      },
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain('Second factor of admin removed');
    expect((await agent.get('/api/admin/session')).status).toBe(401);
    const again = await agentOf(t).post('/api/admin/login').send(ADMIN);
    expect(again.status).toBe(200);
    expect(again.body.secondFactor).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
  });
});

describe("the enrolment's lockout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ adminMfa: 'optional' });
  });
  beforeEach(() => t.db.query('TRUNCATE rate_limit_buckets'));

  /** Five wrong tries at setting up or replacing the second factor, then the refusal of the sixth. */
  async function lockedOut(agent: supertest.Agent, body: object) {
    for (let i = 0; i < 5; i++)
      expect((await agent.post('/api/admin/second-factor/enrolment').send(body)).status).toBe(400);
    const refused = await agent.post('/api/admin/second-factor/enrolment').send(body);
    expectContract('startSecondFactorEnrolment', refused);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    return refused.body.detail as string;
  }

  it('speaks of the password when the password was wrong', async () => {
    const agent = await signedIn(t);
    expect(await lockedOut(agent, { password: 'not the password' })).toMatch(
      /^Too many failed password attempts\. Try again in \d+ minutes?\.$/,
    );
  });

  it('speaks of the password and the code when replacing a second factor needs both', async () => {
    const { secret } = await enrol(t, await signedIn(t));
    await t.db.query('TRUNCATE rate_limit_buckets');
    const agent = await signInWithCode(t, secret, true);
    expect(await lockedOut(agent, { password: 'not the password', code: code(secret) })).toMatch(
      /^Too many failed attempts at your password or code\. Try again in \d+ minutes?\.$/,
    );
  });
});

async function signInWithCode(t: TestApp, secret: string, resetStep = false) {
  if (resetStep) await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
  const agent = agentOf(t);
  expect((await agent.post('/api/admin/login').send(ADMIN)).status).toBe(202);
  expect((await agent.post('/api/admin/login/second-factor').send({ code: code(secret) })).status).toBe(200);
  return agent;
}
