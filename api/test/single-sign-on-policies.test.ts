import { spawn } from 'node:child_process';
import { generateSync } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverProvider } from '../src/admin/sso/provider.ts';
import { loadConfig } from '../src/config.ts';
import { signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { signInThroughProvider, startAppWithProvider, Walker, type SsoWorld } from './sso-helpers.ts';
import { createTeam, PASSWORD } from './team-helpers.ts';
import type { Config } from '../src/config.ts';

// Single sign-on beside the server's other settings: LOCAL_LOGIN, ADMIN_MFA, no provider at all,
// and configurations that cannot work (docs/operations.md#single-sign-on).

const worlds: SsoWorld[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const w of worlds) {
    await w.t.close();
    await w.idp.close();
  }
  for (const a of apps) await a.close();
});
async function world(config: Partial<Config>, domains = ['allowed.example']) {
  const w = await startAppWithProvider(config, { allowedDomains: domains });
  worlds.push(w);
  await createTeam(w.t);
  return w;
}
const passwordLogin = (t: TestApp, username: string) =>
  t.request().set('Origin', t.baseUrl).post('/api/admin/login').send({ username, password: PASSWORD });

describe('LOCAL_LOGIN', () => {
  it('owner: only the owner signs in with a password; the others through the provider', async () => {
    const w = await world({ localLogin: 'owner' });
    const member = await passwordLogin(w.t, 'member');
    expectContract('adminLogin', member);
    expect(member.status).toBe(403);
    expect(member.body.detail).toBe(
      'Password sign-in is for the owner of the desk only. Sign in with Test IdP.',
    );
    // A wrong password is still the same 401 as ever: the refusal says nothing to a guesser.
    const guess = await w.t
      .request()
      .set('Origin', w.t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'member', password: 'wrong password of length' });
    expect(guess.status).toBe(401);
    expect((await passwordLogin(w.t, 'owner')).status).toBe(200);
    const options = await w.t.request().get('/api/admin/sign-in-options');
    expect(options.body).toEqual({ password: 'owner', singleSignOn: { displayName: 'Test IdP' } });
    const { rows } = await w.t.db.query(
      "SELECT details FROM audit_entries WHERE action = 'session.sign-in-failed' ORDER BY id",
    );
    expect(rows.map((r) => r.details)).toEqual([
      expect.objectContaining({ username: 'member', reason: 'password-sign-in-off' }),
      expect.objectContaining({ username: 'member', reason: 'wrong-password' }),
    ]);
  });

  it("off: no password signs in, not even the owner's", async () => {
    const w = await world({ localLogin: 'off' });
    const owner = await passwordLogin(w.t, 'owner');
    expect(owner.status).toBe(403);
    expect(owner.body.detail).toBe('Password sign-in is turned off on this server. Sign in with Test IdP.');
    expect(await signInThroughProvider(new Walker(), w, 'someone@allowed.example')).toBe('/admin');
  });
});

describe('LOCAL_LOGIN and team invitations', () => {
  for (const localLogin of ['owner', 'off'] as const)
    it(`${localLogin}: an invitation is accepted through the provider, never with a password`, async () => {
      const w = await world({ localLogin, smtpUrl: undefined }, []);
      await w.t.db.query("UPDATE admin_users SET email = 'the.owner@corp.example' WHERE username = 'owner'");
      const owner = new Walker();
      expect(await signInThroughProvider(owner, w, 'the.owner@corp.example')).toBe('/admin');
      const sent = await owner.request(`${w.t.baseUrl}/api/team/invitations`, {
        json: { email: 'newcomer@corp.example', role: 'member' },
      });
      expect(sent.status).toBe(201);
      const token = ((await sent.json()) as { heldLink: string }).heldLink.split('#token=')[1]!;
      const invitee = w.t.request().set('Origin', w.t.baseUrl);
      expect((await invitee.post('/api/team-invitation/check').send({ token })).status).toBe(200);

      const byPassword = await invitee
        .post('/api/team-invitation/accept')
        .send({ token, email: 'newcomer@corp.example', username: 'newcomer', password: PASSWORD });
      expectContract('acceptTeamInvitation', byPassword);
      expect(byPassword.status).toBe(403);
      expect(byPassword.body.detail).toBe(
        `${localLogin === 'owner' ? 'Passwords are for the owner of the desk only' : 'Passwords are turned off'} on this server: accept the invitation by signing in with Test IdP, with the address it was sent to.`,
      );
      expect(byPassword.headers['set-cookie']).toBeUndefined();
      const { rows } = await w.t.db.query("SELECT 1 FROM admin_users WHERE email = 'newcomer@corp.example'");
      expect(rows).toEqual([]);

      const through = new Walker();
      expect(await signInThroughProvider(through, w, 'newcomer@corp.example')).toBe('/admin');
      const session = await through.request(`${w.t.baseUrl}/api/admin/session`);
      expect(await session.json()).toMatchObject({
        role: 'member',
        signedInWith: 'single-sign-on',
        hasPassword: false,
      });
      expect((await invitee.post('/api/team-invitation/check').send({ token })).body).toMatchObject({
        invitationState: 'accepted',
      });
    });
});

describe('ADMIN_MFA=required and the provider', () => {
  it("asks an enrolled account for the desk's code unless the provider's token states a second factor", async () => {
    const w = await world({ adminMfa: 'required' });
    // Dana comes in through the provider (no password), and must enrol before anything else:
    // the fresh sign-in at the provider stands in for the password.
    const dana = new Walker();
    expect(await signInThroughProvider(dana, w, 'dana@allowed.example')).toBe('/admin');
    const blocked = await dana.request(`${w.t.baseUrl}/api/admin/overview`);
    expect(blocked.status).toBe(403);
    const start = await dana.request(`${w.t.baseUrl}/api/admin/second-factor/enrolment`, { json: {} });
    expect(start.status).toBe(200);
    const { secret } = (await start.json()) as { secret: string };
    const code = () => generateSync({ secret });
    const confirm = await dana.request(`${w.t.baseUrl}/api/admin/second-factor/enrolment/confirm`, {
      json: { code: code() },
    });
    expect(confirm.status).toBe(200);
    await w.t.db.query('UPDATE admin_users SET totp_last_step = NULL');

    // The provider's token without `amr` mfa: the desk's code step.
    const again = new Walker();
    expect(
      await signInThroughProvider(again, w, 'dana@allowed.example', {
        startQuery: '?redirect=%2Fadmin%2Fteam',
      }),
    ).toBe('/admin/login?sso=second-factor&redirect=%2Fadmin%2Fteam');
    expect((await again.request(`${w.t.baseUrl}/api/admin/session`)).status).toBe(401);
    const verified = await again.request(`${w.t.baseUrl}/api/admin/login/second-factor`, {
      json: { code: code() },
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({
      username: 'dana@allowed.example',
      signedInWith: 'single-sign-on',
    });
    const { rows } = await w.t.db.query(
      "SELECT details FROM audit_entries WHERE action = 'session.signed-in' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0].details).toMatchObject({ with: 'totp', after: 'single-sign-on' });

    // The provider says it asked for a second factor: straight in.
    const strong = new Walker();
    expect(await signInThroughProvider(strong, w, 'dana@allowed.example', { mfa: true })).toBe('/admin');
    expect((await strong.request(`${w.t.baseUrl}/api/admin/overview`)).status).toBe(200);
  });

  it('lets an account without a password enrol only soon after signing in at the provider', async () => {
    const w = await world({ adminMfa: 'required' });
    const late = new Walker();
    await signInThroughProvider(late, w, 'late@allowed.example');
    await w.t.db.query("UPDATE admin_sessions SET created_at = now() - interval '16 minutes'");
    const start = await late.request(`${w.t.baseUrl}/api/admin/second-factor/enrolment`, { json: {} });
    expect(start.status).toBe(403);
    expect(((await start.json()) as { detail: string }).detail).toMatch(
      /sign in again with your identity provider/,
    );
    // An account with a password still needs it.
    const owner = await passwordLogin(w.t, 'owner');
    expect(owner.status).toBe(200);
    const agent = await signedIn(w.t, 'owner');
    const noPassword = await agent.post('/api/admin/second-factor/enrolment').send({});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ path: '/password', message: 'Password is required' }]);
  });
});

describe('ADMIN_MFA=optional and the provider', () => {
  it("asks an account that set up the desk's second factor for it, also when linking it by its address", async () => {
    const w = await world({ adminMfa: 'optional' });
    // The admin set up a second factor with the password, and has an address the provider knows.
    const agent = await signedIn(w.t, 'admin');
    const start = await agent.post('/api/admin/second-factor/enrolment').send({ password: PASSWORD });
    const { secret } = start.body as { secret: string };
    const code = () => generateSync({ secret });
    expect(
      (await agent.post('/api/admin/second-factor/enrolment/confirm').send({ code: code() })).status,
    ).toBe(200);
    await w.t.db.query(
      "UPDATE admin_users SET email = 'enrolled.admin@corp.example', totp_last_step = NULL WHERE username = 'admin'",
    );

    // The first sign-in at the provider links the account by its address: the code step first.
    const linking = new Walker();
    expect(await signInThroughProvider(linking, w, 'enrolled.admin@corp.example')).toBe(
      '/admin/login?sso=second-factor',
    );
    expect((await linking.request(`${w.t.baseUrl}/api/admin/session`)).status).toBe(401);
    const wrong = await linking.request(`${w.t.baseUrl}/api/admin/login/second-factor`, {
      json: { code: '000000' === code() ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    const verified = await linking.request(`${w.t.baseUrl}/api/admin/login/second-factor`, {
      json: { code: code() },
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ username: 'admin', signedInWith: 'single-sign-on' });

    // Linked now, found by its subject: still asked, unless the provider states a second factor.
    expect(await signInThroughProvider(new Walker(), w, 'enrolled.admin@corp.example')).toBe(
      '/admin/login?sso=second-factor',
    );
    const strong = new Walker();
    expect(await signInThroughProvider(strong, w, 'enrolled.admin@corp.example', { mfa: true })).toBe(
      '/admin',
    );
    expect((await strong.request(`${w.t.baseUrl}/api/admin/session`)).status).toBe(200);
    // An account without one comes straight in, as before.
    expect(await signInThroughProvider(new Walker(), w, 'plain@allowed.example')).toBe('/admin');
  });
});

describe('without single sign-on', () => {
  it('offers passwords only, and its provider links are 404s', async () => {
    const t = await startTestApp();
    apps.push(t);
    const options = await t.request().get('/api/admin/sign-in-options');
    expect(options.body).toEqual({ password: 'all', singleSignOn: null });
    for (const path of ['/api/admin/sso/start', '/api/admin/sso/callback?code=x&state=y']) {
      const res = await t.request().get(path);
      expectContract(path.includes('start') ? 'startSingleSignOn' : 'finishSingleSignOn', res);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Single sign-on is not configured on this server (OIDC_ISSUER).');
    }
  });
});

describe('a configuration that cannot work stops the start', () => {
  const base = { OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'desk', OIDC_CLIENT_SECRET: 's3cret' };
  it.each([
    [
      { ...base, OIDC_CLIENT_SECRET: '' },
      'OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) is required with OIDC_ISSUER',
    ],
    [{ ...base, OIDC_CLIENT_ID: '' }, 'OIDC_CLIENT_ID is required with OIDC_ISSUER'],
    [{ OIDC_CLIENT_ID: 'desk' }, 'OIDC_CLIENT_ID is set but OIDC_ISSUER is not'],
    [{ LOCAL_LOGIN: 'off' }, 'LOCAL_LOGIN=off needs single sign-on (OIDC_ISSUER): nobody could sign in'],
    [{ ...base, OIDC_ISSUER: 'http://idp.example' }, 'OIDC_ISSUER must be https://'],
    [{ ...base, LOCAL_LOGIN: 'sometimes' }, 'LOCAL_LOGIN must be one of'],
    [{ ...base, OIDC_DEFAULT_ROLE: 'owner' }, 'OIDC_DEFAULT_ROLE must be one of'],
  ])('%j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the settings it needs, the redirect URI from PUBLIC_URL', () => {
    const config = loadConfig({
      ...base,
      PUBLIC_URL: 'https://desk.example/',
      OIDC_ALLOWED_DOMAINS: '@Corp.example, b.example',
    });
    expect(config.oidc).toMatchObject({
      displayName: 'idp.example',
      redirectUri: 'https://desk.example/api/admin/sso/callback',
      allowedDomains: ['corp.example', 'b.example'],
      defaultRole: 'viewer',
    });
  });

  it('the server itself stops at start with the reason, before it opens a database', async () => {
    const start = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
          env: {
            ...process.env,
            PORT: '0',
            DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
            METRICS_PORT: '',
            ...env,
          },
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    const unreachable = await start({ ...base, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_ALLOW_HTTP: 'true' });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain(
      'Single sign-on: the identity provider at OIDC_ISSUER=http://127.0.0.1:9 could not be discovered',
    );
    const noSecret = await start({ ...base, OIDC_CLIENT_SECRET: '' });
    expect(noSecret.status).toBe(1);
    expect(noSecret.stderr).toContain(
      'OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) is required with OIDC_ISSUER',
    );
  });

  it('a provider that cannot be reached is a clear error at start', async () => {
    const settings = loadConfig({
      ...base,
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_ALLOW_HTTP: 'true',
    }).oidc!;
    await expect(discoverProvider(settings)).rejects.toThrow(
      /^Single sign-on: the identity provider at OIDC_ISSUER=http:\/\/127\.0\.0\.1:9 could not be discovered \(.+\)\. Check the issuer URL/,
    );
  });
});
