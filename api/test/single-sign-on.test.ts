import { spawn } from 'node:child_process';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { cliSource } from '../src/audit/audit.ts';
import { hashPassword } from '../src/admin/auth/password.ts';
import { createAccount } from '../src/admin/team/accounts.service.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam, PASSWORD } from './team-helpers.ts';
import { signInThroughProvider, startAppWithProvider, Walker, type SsoWorld } from './sso-helpers.ts';

// Single sign-on through a real OpenID Connect provider (oidc-provider) in this process
// (docs/operations.md#single-sign-on).

let world: SsoWorld;
let owner: supertest.Agent;

beforeAll(async () => {
  world = await startAppWithProvider({}, { allowedDomains: ['allowed.example'] });
  await createTeam(world.t);
  owner = await signedIn(world.t, 'owner');
});
afterAll(async () => {
  await world.t.close();
  await world.idp.close();
});

async function auditOf(action: string) {
  const { rows } = await world.t.db.query<{
    actor_id: number | null;
    target_id: string | null;
    details: Record<string, unknown>;
  }>('SELECT actor_id, target_id, details FROM audit_entries WHERE action = $1 ORDER BY id', [action]);
  return rows;
}

/** The session the walker's cookies hold at the desk. */
async function sessionOf(w: Walker) {
  const res = await w.request(`${world.t.baseUrl}/api/admin/session`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('who gets in', () => {
  it('an invited person gets in with the invited role, linked to the provider', async () => {
    const invited = await owner
      .post('/api/team/invitations')
      .send({ email: 'Ines@Corp.example', role: 'member' });
    expect(invited.status).toBe(201);
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'ines@corp.example')).toBe('/admin');
    const session = await sessionOf(w);
    expect(session).toMatchObject({
      status: 200,
      body: {
        username: 'ines@corp.example',
        role: 'member',
        signedInWith: 'single-sign-on',
        hasPassword: false,
      },
    });
    const accepted = await auditOf('team-invitation.accepted');
    expect(accepted.at(-1)!.details).toMatchObject({ with: 'single-sign-on', username: 'ines@corp.example' });
    const linked = await auditOf('account.linked-to-provider');
    expect(linked.at(-1)!.details).toMatchObject({ issuer: world.idp.issuer, email: 'ines@corp.example' });
    const signIns = await auditOf('session.signed-in');
    expect(signIns.at(-1)!.details).toMatchObject({
      with: 'single-sign-on',
      issuer: world.idp.issuer,
      firstLink: true,
    });
    const invitations = await owner.get('/api/team/invitations');
    expect(invitations.status).toBe(200);
    expect(invitations.body.invitations).toBeInstanceOf(Array);
    // Accepted: no longer among the open invitations.
    expect(invitations.body.invitations).not.toContainEqual(
      expect.objectContaining({ email: 'ines@corp.example' }),
    );
  });
});

describe('who gets in (continued)', () => {
  it('a verified address in an allowed domain makes a viewer; the next sign-in finds it by its subject', async () => {
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'dana@allowed.example')).toBe('/admin');
    expect((await sessionOf(w)).body).toMatchObject({ username: 'dana@allowed.example', role: 'viewer' });
    const created = await auditOf('account.created');
    expect(created.at(-1)!.details).toMatchObject({ with: 'single-sign-on', domain: 'allowed.example' });

    const again = new Walker();
    expect(await signInThroughProvider(again, world, 'dana@allowed.example')).toBe('/admin');
    const { rows } = await world.t.db.query(
      "SELECT count(*)::int AS n FROM admin_users WHERE email = 'dana@allowed.example'",
    );
    expect(rows[0].n).toBe(1);
    expect((await auditOf('session.signed-in')).at(-1)!.details).not.toHaveProperty('firstLink');
  });

  it('two first sign-ins at once (a double click, or two names alike) make one account each person', async () => {
    const answers = async (email: string) => {
      const w = new Walker();
      return { w, callback: await signInThroughProvider(w, world, email, { stopAtCallback: true }) };
    };
    // The same person twice, and two people whose addresses give the same username.
    const waiting = [
      await answers('twice@allowed.example'),
      await answers('twice@allowed.example'),
      await answers('a+b@allowed.example'),
      await answers('a-b@allowed.example'),
    ];
    // Each sign-in looks for its account, then waits here to insert it, all of them at once.
    const lock = await world.t.db.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE admin_users IN SHARE MODE');
    const answered = waiting.map(({ w, callback }) => w.request(`${world.t.baseUrl}${callback}`));
    await expect
      .poll(
        async () =>
          (
            await world.t.db.query(
              "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'admin_users'::regclass",
            )
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(4);
    await lock.query('COMMIT');
    lock.release();
    const landed = await Promise.all(answered);
    expect(landed.map((r) => [r.status, r.headers.get('location')])).toEqual(Array(4).fill([303, '/admin']));
    const { rows } = await world.t.db.query<{ username: string; email: string }>(
      "SELECT username, email FROM admin_users WHERE email IN ('twice@allowed.example', 'a+b@allowed.example', 'a-b@allowed.example') ORDER BY email",
    );
    expect(rows.map((r) => r.email)).toEqual([
      'a+b@allowed.example',
      'a-b@allowed.example',
      'twice@allowed.example',
    ]);
    expect(new Set(rows.map((r) => r.username)).size).toBe(3);
  });

  it('an unknown address is refused with the reason, and the refusal is in the audit log', async () => {
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'stranger@elsewhere.example')).toBe(
      '/admin/login?sso=not-known',
    );
    expect((await sessionOf(w)).status).toBe(401);
    expect((await auditOf('session.sign-in-failed')).at(-1)!.details).toMatchObject({
      with: 'single-sign-on',
      reason: 'not-known',
      email: 'stranger@elsewhere.example',
    });
  });

  it('an address the provider has not verified is not matched, even an invited one', async () => {
    await owner.post('/api/team/invitations').send({ email: 'unverified@corp.example', role: 'viewer' });
    world.idp.people.set('unverified-person', { email: 'unverified@corp.example', verified: false });
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'unverified@corp.example')).toBe(
      '/admin/login?sso=unverified-email',
    );
  });

  it("takes Microsoft Entra ID's xms_edov for a verified address, and a string 'true' as OpenID's", async () => {
    await owner.post('/api/team/invitations').send({ email: 'entra.person@corp.example', role: 'viewer' });
    // As Entra answers when asked for the optional claims `email` and `xms_edov`.
    world.idp.tamperNextIdToken(({ email_verified: _dropped, ...c }) => ({
      ...c,
      email: 'entra.person@corp.example',
      xms_edov: true,
    }));
    const entra = new Walker();
    expect(await signInThroughProvider(entra, world, 'someone-at-entra@tenant.example')).toBe('/admin');
    expect((await sessionOf(entra)).body).toMatchObject({
      username: 'entra.person@corp.example',
      role: 'viewer',
    });
    // The address alone, as Entra sends it without xms_edov, proves nothing.
    await owner.post('/api/team/invitations').send({ email: 'claimed@corp.example', role: 'viewer' });
    world.idp.tamperNextIdToken(({ email_verified: _dropped, ...c }) => ({
      ...c,
      email: 'claimed@corp.example',
    }));
    expect(await signInThroughProvider(new Walker(), world, 'claimer@tenant.example')).toBe(
      '/admin/login?sso=unverified-email',
    );
    world.idp.tamperNextIdToken((c) => ({ ...c, email: 'claimed@corp.example', email_verified: 'true' }));
    expect(await signInThroughProvider(new Walker(), world, 'claimer2@tenant.example')).toBe('/admin');
  });

  it('a changed address at the provider does not lead into another account', async () => {
    const first = new Walker();
    expect(await signInThroughProvider(first, world, 'owen@allowed.example')).toBe('/admin');
    // Another person at the provider takes Owen's old address.
    const owenSub = world.idp.subjectOf('owen@allowed.example')!;
    world.idp.people.set(owenSub, { email: 'owen.new@allowed.example', verified: true });
    world.idp.people.set('impostor', { email: 'owen@allowed.example', verified: true });
    const impostor = new Walker();
    expect(await signInThroughProvider(impostor, world, 'owen@allowed.example')).toBe(
      '/admin/login?sso=not-known',
    );
    expect((await auditOf('session.sign-in-failed')).at(-1)!.details).toMatchObject({
      reason: 'address-linked-to-another-subject',
    });
    // Owen, under his new address, is still Owen.
    const owen = new Walker();
    expect(await signInThroughProvider(owen, world, 'owen.new@allowed.example')).toBe('/admin');
    expect((await sessionOf(owen)).body).toMatchObject({ username: 'owen@allowed.example' });
  });

  it('an existing account with the address is linked on its first sign-in', async () => {
    const { rows } = await world.t.db.query<{ id: number }>(
      "SELECT id FROM admin_users WHERE username = 'admin'",
    );
    await world.t.db.query("UPDATE admin_users SET email = 'the.admin@corp.example' WHERE id = $1", [
      rows[0]!.id,
    ]);
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'the.admin@corp.example')).toBe('/admin');
    expect((await sessionOf(w)).body).toMatchObject({ username: 'admin', role: 'admin', hasPassword: true });
    const linked = await world.t.db.query('SELECT oidc_issuer, oidc_subject FROM admin_users WHERE id = $1', [
      rows[0]!.id,
    ]);
    expect(linked.rows[0]).toEqual({
      oidc_issuer: world.idp.issuer,
      oidc_subject: world.idp.subjectOf('the.admin@corp.example'),
    });
  });

  it("the command line gives an account its address (the owner's, made without one), which links anew", async () => {
    // Run beside this process's event loop (not spawnSync), which keeps the test's HTTP connections.
    const cli = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/admin.ts', 'email', ...args], {
          env: { ...process.env, DATABASE_URL: world.t.databaseUrl, ADMIN_PASSWORD: '' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const set = await cli('owner', 'Olga@Corp.example');
    expect(set.stderr).toBe('');
    expect(set.stdout).toContain('Address of owner set to olga@corp.example');
    expect(await cli('member', 'olga@corp.example')).toMatchObject({
      status: 1,
      stderr: 'Another account has the address olga@corp.example.\n',
    });
    expect(await cli('nobody', 'x@corp.example')).toMatchObject({ status: 1 });
    expect(await cli('owner', 'not-an-address')).toMatchObject({ status: 2 });
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'olga@corp.example')).toBe('/admin');
    expect((await sessionOf(w)).body).toMatchObject({ username: 'owner', role: 'owner' });
    expect((await auditOf('account.email-set')).at(-1)).toMatchObject({
      actor_id: null,
      details: { email: 'olga@corp.example' },
    });
  });

  it('an invitation of an admin since deactivated or demoted lets nobody in through the provider', async () => {
    const made = async (username: string) =>
      (await createAccount(world.t.db, cliSource, username, await hashPassword(PASSWORD), 'admin'))!.id;
    const departedId = await made('departed-admin');
    const departed = await signedIn(world.t, { username: 'departed-admin' });
    expect(
      (
        await departed
          .post('/api/team/invitations')
          .send({ email: 'left.behind@corp.example', role: 'member' })
      ).status,
    ).toBe(201);
    expect((await owner.post(`/api/team/members/${departedId}/deactivate`).send({})).status).toBe(200);
    expect(await signInThroughProvider(new Walker(), world, 'left.behind@corp.example')).toBe(
      '/admin/login?sso=not-known',
    );
    // Demoted in the database alone (as a race with the change would leave it): refused too.
    const demotedId = await made('demoted-admin');
    const demoted = await signedIn(world.t, { username: 'demoted-admin' });
    expect(
      (await demoted.post('/api/team/invitations').send({ email: 'raced@corp.example', role: 'viewer' }))
        .status,
    ).toBe(201);
    await world.t.db.query("UPDATE admin_users SET role = 'member' WHERE id = $1", [demotedId]);
    expect(await signInThroughProvider(new Walker(), world, 'raced@corp.example')).toBe(
      '/admin/login?sso=not-known',
    );
    const { rows } = await world.t.db.query(
      "SELECT 1 FROM admin_users WHERE email IN ('left.behind@corp.example', 'raced@corp.example')",
    );
    expect(rows).toEqual([]);
  });

  it('a deactivated person is refused by the provider way and by the password', async () => {
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'leaver@allowed.example')).toBe('/admin');
    const { rows } = await world.t.db.query<{ id: number }>(
      "SELECT id FROM admin_users WHERE email = 'leaver@allowed.example'",
    );
    const off = await owner.post(`/api/team/members/${rows[0]!.id}/deactivate`).send({});
    expect(off.status).toBe(200);
    // The live session ends with the deactivation; the provider cannot bring the person back.
    expect((await sessionOf(w)).status).toBe(401);
    expect(await signInThroughProvider(new Walker(), world, 'leaver@allowed.example')).toBe(
      '/admin/login?sso=deactivated',
    );
    const member = await signedIn(world.t, 'member');
    const memberId = (
      await world.t.db.query<{ id: number }>("SELECT id FROM admin_users WHERE username = 'member'")
    ).rows[0]!.id;
    await owner.post(`/api/team/members/${memberId}/deactivate`).send({});
    const password = await world.t
      .request()
      .set('Origin', world.t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'member', password: PASSWORD });
    expect(password.status).toBe(401);
    expect(password.body.detail).toMatch(/deactivated/);
    expect((await member.get('/api/admin/session')).status).toBe(401);
    await owner.post(`/api/team/members/${memberId}/reactivate`).send({});
  });
});

describe("the provider's answer is checked", () => {
  /** A sign-in whose ID token the provider changes before answering. */
  async function withTamperedToken(change: Parameters<SsoWorld['idp']['tamperNextIdToken']>[0]) {
    world.idp.tamperNextIdToken(change);
    const w = new Walker();
    const landed = await signInThroughProvider(w, world, 'dana@allowed.example');
    return {
      landed,
      session: await sessionOf(w),
      refusal: (await auditOf('session.sign-in-failed')).at(-1)?.details,
    };
  }

  it('accepts a token re-signed unchanged (the changes below are what is refused)', async () => {
    const { landed, session } = await withTamperedToken((c) => c);
    expect(landed).toBe('/admin');
    expect(session.status).toBe(200);
  });

  it('refuses an ID token for another audience', async () => {
    const { landed, session, refusal } = await withTamperedToken((c) => ({ ...c, aud: 'another-client' }));
    expect(landed).toBe('/admin/login?sso=failed');
    expect(session.status).toBe(401);
    expect(refusal).toMatchObject({ reason: 'answer-check-failed' });
  });

  it('refuses an ID token with another nonce', async () => {
    const { landed, refusal } = await withTamperedToken((c) => ({ ...c, nonce: 'not-the-one-sent' }));
    expect(landed).toBe('/admin/login?sso=failed');
    expect(refusal).toMatchObject({ reason: 'answer-check-failed' });
  });

  it('refuses an expired ID token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const { landed, refusal } = await withTamperedToken((c) => ({ ...c, iat: past - 600, exp: past }));
    expect(landed).toBe('/admin/login?sso=failed');
    expect(refusal).toMatchObject({ reason: 'answer-check-failed' });
  });

  it('refuses an ID token issued in the future, beyond the clock tolerance', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { landed, session, refusal } = await withTamperedToken((c) => ({
      ...c,
      iat: now + 3600,
      exp: now + 7200,
    }));
    expect(landed).toBe('/admin/login?sso=failed');
    expect(session.status).toBe(401);
    expect(refusal).toMatchObject({ reason: 'answer-check-failed', check: 'iat-in-future' });
  });

  it("accepts an ID token issued a few seconds ahead of the desk's clock", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { landed, session } = await withTamperedToken((c) => ({ ...c, iat: now + 5 }));
    expect(landed).toBe('/admin');
    expect(session.status).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const w = new Walker();
    const callback = await signInThroughProvider(w, world, 'dana@allowed.example', { stopAtCallback: true });
    expect(callback).toMatch(/^\/api\/admin\/sso\/callback\?/);
    const first = await w.follow(`${world.t.baseUrl}${callback}`, (at) => !at.pathname.startsWith('/api/'));
    expect(first.url.pathname).toBe('/admin');
    // The same code again, with a sign-in of this browser's own that is still waiting for it.
    const replay = new Walker();
    const waiting = await signInThroughProvider(replay, world, 'dana@allowed.example', {
      stopAtCallback: true,
    });
    const state = new URL(waiting, world.t.baseUrl).searchParams.get('state')!;
    const stolen = new URL(callback, world.t.baseUrl);
    stolen.searchParams.set('state', state);
    const res = await replay.request(stolen.href);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?sso=failed');
    expect((await auditOf('session.sign-in-failed')).at(-1)!.details).toMatchObject({
      reason: 'token-refused',
      error: 'invalid_grant',
    });
    expect((await sessionOf(replay)).status).toBe(401);
  });

  it('refuses an answer whose state is not the one sent', async () => {
    const w = new Walker();
    const callback = new URL(
      await signInThroughProvider(w, world, 'dana@allowed.example', { stopAtCallback: true }),
      world.t.baseUrl,
    );
    callback.searchParams.set('state', 'a-state-from-elsewhere');
    const res = await w.request(callback.href);
    expect(res.headers.get('location')).toBe('/admin/login?sso=failed');
    expect((await auditOf('session.sign-in-failed')).at(-1)!.details).toMatchObject({
      reason: 'answer-check-failed',
    });
    expect((await sessionOf(w)).status).toBe(401);
  });

  it('refuses an answer this browser did not start, or one that came too late', async () => {
    const w = new Walker();
    const callback = await signInThroughProvider(w, world, 'dana@allowed.example', { stopAtCallback: true });
    w.dropCookie(world.t.baseUrl, 'sso');
    const res = await w.request(`${world.t.baseUrl}${callback}`);
    expect(res.headers.get('location')).toBe('/admin/login?sso=expired');

    const late = new Walker();
    const lateCallback = await signInThroughProvider(late, world, 'dana@allowed.example', {
      stopAtCallback: true,
    });
    await world.t.db.query("UPDATE sso_sign_ins SET expires_at = now() - interval '1 second'");
    expect((await late.request(`${world.t.baseUrl}${lateCallback}`)).headers.get('location')).toBe(
      '/admin/login?sso=expired',
    );
  });

  it("says the provider's own refusal (a person who cancels) and ignores parameters it adds", async () => {
    const w = new Walker();
    const callback = new URL(
      await signInThroughProvider(w, world, 'dana@allowed.example', { stopAtCallback: true }),
      world.t.baseUrl,
    );
    const cancelled = new URL('/api/admin/sso/callback', world.t.baseUrl);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', callback.searchParams.get('state')!);
    cancelled.searchParams.set('iss', world.idp.issuer);
    cancelled.searchParams.set('session_state', 'added-by-the-provider');
    const res = await w.request(cancelled.href);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?sso=cancelled');
  });

  it('refuses an answer naming another issuer (RFC 9207)', async () => {
    const w = new Walker();
    const callback = new URL(
      await signInThroughProvider(w, world, 'dana@allowed.example', { stopAtCallback: true }),
      world.t.baseUrl,
    );
    callback.searchParams.set('iss', 'https://mix-up.example');
    expect((await w.request(callback.href)).headers.get('location')).toBe('/admin/login?sso=failed');
  });
});

describe('the way back, and the ways in', () => {
  it('opens the desk address the sign-in started from, and only a desk address', async () => {
    const w = new Walker();
    expect(
      await signInThroughProvider(w, world, 'dana@allowed.example', {
        startQuery: '?redirect=%2Fadmin%2Fleads%3Fstatus%3Dnew',
      }),
    ).toBe('/admin/leads?status=new');
    for (const evil of ['https://evil.example/admin', '//evil.example/admin', '/admin/login?x=1']) {
      const other = new Walker();
      expect(
        await signInThroughProvider(other, world, 'dana@allowed.example', {
          startQuery: `?redirect=${encodeURIComponent(evil)}`,
        }),
      ).toBe('/admin');
    }
  });

  it('signs out at the provider too, coming back to the sign-in page', async () => {
    const w = new Walker();
    await signInThroughProvider(w, world, 'dana@allowed.example');
    const res = await w.request(`${world.t.baseUrl}/api/admin/logout`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    const { providerSignOutUrl } = (await res.json()) as { providerSignOutUrl: string };
    const url = new URL(providerSignOutUrl);
    expect(url.origin).toBe(world.idp.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${world.t.baseUrl}/admin/login`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await sessionOf(w)).status).toBe(401);
    // A password's session signs out as before.
    const local = await signedIn(world.t, 'owner');
    expect((await local.post('/api/admin/logout').send({})).status).toBe(204);
  });

  it('tells the sign-in page the ways in, and admins the settings (never the secret)', async () => {
    const options = await world.t.request().get('/api/admin/sign-in-options');
    expectContract('getSignInOptions', options);
    expect(options.body).toEqual({ password: 'all', singleSignOn: { displayName: 'Test IdP' } });
    const settings = await owner.get('/api/admin/single-sign-on');
    expectContract('getSingleSignOnSettings', settings);
    expect(settings.body).toEqual({
      configured: true,
      issuer: world.idp.issuer,
      displayName: 'Test IdP',
      redirectUri: `${world.t.baseUrl}/api/admin/sso/callback`,
      allowedDomains: ['allowed.example'],
      defaultRole: 'viewer',
      password: 'all',
      secondFactor: 'optional',
    });
    expect(JSON.stringify(settings.body)).not.toContain(world.idp.clientSecret);
    const viewer = await signedIn(world.t, 'viewer');
    expect((await viewer.get('/api/admin/single-sign-on')).status).toBe(403);
  });
});
