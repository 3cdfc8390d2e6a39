import { generateSync } from 'otplib';
import type supertest from 'supertest';
import { afterAll, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import { ADMIN, createAdmin } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// Shared by the tests of the second factor (admin-mfa, admin-mfa-policies).

export const code = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A starter of apps with the admin account, each closed once the calling file's tests are done. */
export function appsClosedAfterAll(): (overrides?: Partial<Config>) => Promise<TestApp> {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  return async function app(overrides: Partial<Config> = {}) {
    const a = await startTestApp(overrides);
    apps.push(a);
    await createAdmin(a);
    return a;
  };
}

/** Sets up the second factor of the account signed in on `agent` (enrolling needs its password). */
export async function enrol(t: TestApp, agent: supertest.Agent, password = ADMIN.password) {
  const start = await agent.post('/api/admin/second-factor/enrolment').send({ password });
  expectContract('startSecondFactorEnrolment', start);
  expect(start.status).toBe(200);
  const confirm = await agent
    .post('/api/admin/second-factor/enrolment/confirm')
    .send({ code: code(start.body.secret) });
  expectContract('confirmSecondFactorEnrolment', confirm);
  expect(confirm.status).toBe(200);
  // As if the code's 30 seconds had passed: the tests below may use the current code again.
  await t.db.query('UPDATE admin_users SET totp_last_step = NULL');
  return { secret: start.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

export const agentOf = (t: TestApp) => t.request().set('Origin', t.baseUrl);
