import { createHash } from 'node:crypto';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startSmtp } from './smtp.ts';
import { cliSource } from '../src/audit/audit.ts';
import { hashPassword } from '../src/admin/auth/password.ts';
import { createAccount } from '../src/admin/team/accounts.service.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam, PASSWORD as TEAM_PASSWORD } from './team-helpers.ts';

// Team invitations (docs/operations.md#team-invitations) through a real SMTP server.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: supertest.Agent;
let admin: supertest.Agent;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ smtpUrl: smtp.url });
  await createTeam(t);
  owner = await signedIn(t, 'owner');
  admin = await signedIn(t, 'admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'a password of the new member';

/** The token of the last invitation email received at `to`. */
function lastToken(to: string): string {
  const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no invitation email to ${to}`);
  const link = /https?:\/\/\S+\/admin\/join#token=([A-Za-z0-9_-]+)/.exec(mail.mail.text ?? '');
  if (!link) throw new Error(`no link in ${mail.mail.text}`);
  return link[1]!;
}

async function invite(agent: supertest.Agent, email: string, role: string) {
  const res = await agent.post('/api/team/invitations').send({ email, role });
  expectContract('createTeamInvitation', res);
  return res;
}

const accept = (token: string, email: string, username: string, password = PASSWORD) =>
  t
    .request()
    .set('Origin', t.baseUrl)
    .post('/api/team-invitation/accept')
    .send({ token, email, username, password });

const check = (token: string) =>
  t.request().set('Origin', t.baseUrl).post('/api/team-invitation/check').send({ token });

async function auditOf(action: string) {
  const { rows } = await t.db.query(
    `SELECT e.*, u.username FROM audit_entries e LEFT JOIN admin_users u ON u.id = e.actor_id
      WHERE action = $1 ORDER BY e.id`,
    [action],
  );
  return rows;
}

describe('team invitations', () => {
  it('emails a single-use link bound to the address, keeps only its hash, and signs the invitee in as the role invited', async () => {
    const res = await invite(admin, 'Rita@Example.com', 'member');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'rita@example.com',
      role: 'member',
      invitedBy: 'admin',
      state: 'pending',
      delivery: 'sent',
      heldLink: null,
    });
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.sentAt)).toBe(7 * 86_400_000);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['rita@example.com']);
    expect(mail.mail.subject).toBe('You are invited to the TextFlow lead desk');
    expect(mail.mail.text).toContain('admin invited you');
    expect(mail.mail.text).toContain('as a Member');
    const token = lastToken('rita@example.com');

    // Only the hash is stored: no column of the row holds the token.
    const { rows } = await t.db.query(
      'SELECT t::text AS whole, token_hash FROM team_invitations t WHERE id = $1',
      [res.body.id],
    );
    expect(rows[0].whole).not.toContain(token);
    expect(rows[0].token_hash).toEqual(createHash('sha256').update(token).digest());

    const offer = await check(token);
    expectContract('checkTeamInvitation', offer);
    expect(offer.body).toMatchObject({ email: 'rita@example.com', role: 'member' });

    const wrongAddress = await accept(token, 'someone@example.com', 'rita');
    expectContract('acceptTeamInvitation', wrongAddress);
    expect(wrongAddress.status).toBe(400);
    expect(wrongAddress.body.errors).toEqual([
      { path: '/email', message: 'This is not the address the invitation was sent to' },
    ]);
    const shortPassword = await accept(token, 'rita@example.com', 'rita', 'short');
    expect(shortPassword.status).toBe(400);
    const takenName = await accept(token, 'rita@example.com', 'viewer');
    expectContract('acceptTeamInvitation', takenName);
    expect(takenName.status).toBe(409);

    const agent = t.request().set('Origin', t.baseUrl);
    const accepted = await agent
      .post('/api/team-invitation/accept')
      .send({ token, email: 'RITA@example.com', username: 'Rita', password: PASSWORD });
    expectContract('acceptTeamInvitation', accepted);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ username: 'rita', role: 'member' });
    expect((await agent.get('/api/admin/session')).body.role).toBe('member');
    // The same account signs in with what it chose.
    const login = await t
      .request()
      .set('Origin', t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'rita', password: PASSWORD });
    expect(login.status).toBe(200);

    const again = await accept(token, 'rita@example.com', 'rita2');
    expectContract('acceptTeamInvitation', again);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ invitationState: 'accepted' });
    expect(again.body.detail).toContain('accepted already');
    expect((await check(token)).body.invitationState).toBe('accepted');

    const members = await owner.get('/api/team/members');
    expect(members.body.members.find((m: { username: string }) => m.username === 'rita')).toMatchObject({
      role: 'member',
      email: 'rita@example.com',
      active: true,
    });
    const [sent] = await auditOf('team-invitation.sent');
    expect(sent).toMatchObject({
      username: 'admin',
      target_type: 'team-invitation',
      target_id: String(res.body.id),
    });
    expect(sent.changes).toEqual({ role: { to: 'member' } });
    const [acceptedEntry] = await auditOf('team-invitation.accepted');
    expect(acceptedEntry).toMatchObject({ username: 'rita', target_id: String(res.body.id) });
    expect((await owner.get('/api/team/invitations')).body.invitations).toEqual([]);
  });

  it('says plainly that a link has expired, and sending it again makes a new link and retires the old one', async () => {
    const res = await invite(owner, 'vic@example.com', 'viewer');
    const first = lastToken('vic@example.com');
    await t.db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      res.body.id,
    ]);
    const expired = await check(first);
    expectContract('checkTeamInvitation', expired);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ invitationState: 'expired' });
    expect(expired.body.detail).toContain('expired');
    expect((await accept(first, 'vic@example.com', 'vic')).status).toBe(410);
    const listed = await owner.get('/api/team/invitations');
    expectContract('listTeamInvitations', listed);
    expect(listed.body.invitations).toMatchObject([{ email: 'vic@example.com', state: 'expired' }]);

    const resent = await admin.post(`/api/team/invitations/${res.body.id}/resend`);
    expectContract('resendTeamInvitation', resent);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ state: 'pending', delivery: 'sent', invitedBy: 'admin' });
    const second = lastToken('vic@example.com');
    expect(second).not.toBe(first);
    const old = await check(first);
    expect(old.status).toBe(404);
    expect(old.body.detail).toContain('not valid');
    expect((await check(second)).status).toBe(200);
    const sent = await auditOf('team-invitation.sent');
    expect(sent.at(-1)).toMatchObject({
      username: 'admin',
      details: { email: 'vic@example.com', again: true },
    });
  });

  it('revokes a pending invitation: its link says so and it leaves the list', async () => {
    const res = await invite(admin, 'rex@example.com', 'viewer');
    const token = lastToken('rex@example.com');
    const again = await invite(admin, 'rex@example.com', 'member');
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('open invitation');

    const revoked = await admin.delete(`/api/team/invitations/${res.body.id}`);
    expectContract('revokeTeamInvitation', revoked);
    expect(revoked.status).toBe(204);
    const gone = await check(token);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ invitationState: 'revoked' });
    expect(gone.body.detail).toContain('revoked');
    expect((await accept(token, 'rex@example.com', 'rex')).status).toBe(410);
    expect((await admin.delete(`/api/team/invitations/${res.body.id}`)).status).toBe(409);
    expect((await admin.post(`/api/team/invitations/${res.body.id}/resend`)).status).toBe(409);
    expect(
      (await admin.get('/api/team/invitations')).body.invitations.map((i: { email: string }) => i.email),
    ).not.toContain('rex@example.com');
    expect((await auditOf('team-invitation.revoked')).at(-1)).toMatchObject({
      username: 'admin',
      target_id: String(res.body.id),
    });
    // Revoked, the address may be invited anew.
    expect((await invite(admin, 'rex@example.com', 'member')).status).toBe(201);
  });

  it('lets only the owner invite admins, and nobody invite an address that has an account', async () => {
    const byAdmin = await invite(admin, 'ada@example.com', 'admin');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ requiredRole: 'owner' });
    const byOwner = await invite(owner, 'ada@example.com', 'admin');
    expect(byOwner.status).toBe(201);
    expect((await admin.delete(`/api/team/invitations/${byOwner.body.id}`)).status).toBe(403);
    expect((await invite(owner, 'rita@example.com', 'viewer')).status).toBe(409);
    expect((await invite(owner, 'nobody', 'viewer')).status).toBe(400);
    expect((await invite(owner, 'x@example.com', 'owner')).status).toBe(400);
    expect((await check('no-such-token')).status).toBe(404);
    expect((await check('bad token!')).status).toBe(400);
  });

  it('records a failed email and lets an admin send it again', async () => {
    smtp.setVerdict(() => ({ code: 550, message: 'No such mailbox' }));
    try {
      const res = await invite(admin, 'bounce@example.com', 'viewer');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ delivery: 'failed' });
      expect(res.body.deliveryError).toContain('No such mailbox');
    } finally {
      smtp.setVerdict(() => 'accept');
    }
  });
});

describe('an invitation lives only as long as its inviter may send it', () => {
  /** A fresh account of `role`, signed in (its own name, so the shared admin stays as it is). */
  async function inviter(username: string, role: 'admin' | 'owner' = 'admin') {
    const made = await createAccount(t.db, cliSource, username, await hashPassword(TEAM_PASSWORD), role);
    return { id: made!.id, agent: await signedIn(t, { username }) };
  }
  const revokedEntry = async (invitationId: number) =>
    (await auditOf('team-invitation.revoked')).find((e) => e.target_id === String(invitationId));

  it("deactivating an admin revokes their open invitations, recorded as the deactivating person's", async () => {
    const departing = await inviter('departing-admin');
    const sent = await invite(departing.agent, 'Pat.Personal@example.com', 'member');
    expect(sent.status).toBe(201);
    const token = lastToken('pat.personal@example.com');
    expect((await check(token)).status).toBe(200);

    const off = await owner.post(`/api/team/members/${departing.id}/deactivate`);
    expect(off.status).toBe(200);

    const offer = await check(token);
    expect(offer.status).toBe(410);
    expect(offer.body).toMatchObject({ invitationState: 'revoked' });
    expect(offer.body.detail).toBe(
      'This invitation has been revoked. Ask an admin of the team to invite you again.',
    );
    const accepted = await accept(token, 'pat.personal@example.com', 'pat');
    expectContract('acceptTeamInvitation', accepted);
    expect(accepted.status).toBe(410);
    expect(accepted.body).toMatchObject({ invitationState: 'revoked' });
    const { rows } = await t.db.query("SELECT 1 FROM admin_users WHERE username = 'pat'");
    expect(rows).toEqual([]);
    expect(await revokedEntry(sent.body.id)).toMatchObject({
      username: 'owner',
      target_type: 'team-invitation',
      details: { email: 'pat.personal@example.com', because: 'inviter-deactivated', inviterId: departing.id },
    });
    expect(
      (await owner.get('/api/team/invitations')).body.invitations.map((i: { email: string }) => i.email),
    ).not.toContain('pat.personal@example.com');
  });

  it('demoting an admin to member revokes the invitations a member cannot send', async () => {
    const demoted = await inviter('demoted-admin');
    const sent = await invite(demoted.agent, 'quinn@example.com', 'viewer');
    expect(sent.status).toBe(201);
    const token = lastToken('quinn@example.com');
    const change = await owner.put(`/api/team/members/${demoted.id}/role`).send({ role: 'member' });
    expect(change.status).toBe(200);
    expect((await accept(token, 'quinn@example.com', 'quinn')).body).toMatchObject({
      status: 410,
      invitationState: 'revoked',
    });
    expect(await revokedEntry(sent.body.id)).toMatchObject({
      username: 'owner',
      details: { because: 'inviter-role-changed', inviterId: demoted.id },
    });
  });

  it("handing ownership on revokes the former owner's invitations of admins only", async () => {
    const handing = await startTestApp({ smtpUrl: undefined });
    try {
      const team = await createTeam(handing);
      const ownerAgent = await signedIn(handing, 'owner');
      const asAdmin = await ownerAgent
        .post('/api/team/invitations')
        .send({ email: 'ad@example.com', role: 'admin' });
      const asViewer = await ownerAgent
        .post('/api/team/invitations')
        .send({ email: 'vi@example.com', role: 'viewer' });
      const handed = await ownerAgent.put(`/api/team/members/${team.admin}/role`).send({ role: 'owner' });
      expect(handed.status).toBe(200);
      const { rows } = await handing.db.query(
        'SELECT email, revoked_at IS NOT NULL AS revoked FROM team_invitations ORDER BY id',
      );
      expect(rows).toEqual([
        { email: 'ad@example.com', revoked: true },
        { email: 'vi@example.com', revoked: false },
      ]);
      const held = (body: { heldLink: string | null }) => body.heldLink!.split('#token=')[1]!;
      const offer = await handing
        .request()
        .set('Origin', handing.baseUrl)
        .post('/api/team-invitation/check')
        .send({ token: held(asViewer.body) });
      expect(offer.status).toBe(200);
      expect(asAdmin.status).toBe(201);
    } finally {
      await handing.close();
    }
  });

  it('refuses a link whose inviter the database finds deactivated or demoted, even one not yet marked revoked', async () => {
    // As if the acceptance raced the change: the inviter's row changes, the invitation's does not.
    const raced = await inviter('raced-admin');
    const sent = await invite(raced.agent, 'rae@example.com', 'member');
    const token = lastToken('rae@example.com');
    await t.db.query('UPDATE admin_users SET deactivated_at = now() WHERE id = $1', [raced.id]);
    expect((await check(token)).body).toMatchObject({ status: 410, invitationState: 'revoked' });
    expect((await accept(token, 'rae@example.com', 'rae')).body).toMatchObject({
      status: 410,
      invitationState: 'revoked',
    });
    await t.db.query("UPDATE admin_users SET deactivated_at = NULL, role = 'member' WHERE id = $1", [
      raced.id,
    ]);
    expect((await accept(token, 'rae@example.com', 'rae')).body).toMatchObject({
      status: 410,
      invitationState: 'revoked',
    });
    await t.db.query("UPDATE admin_users SET role = 'admin' WHERE id = $1", [raced.id]);
    expect((await accept(token, 'rae@example.com', 'rae')).status).toBe(200);
    expect(sent.status).toBe(201);
  });
});

describe('team invitations without an SMTP server, under ADMIN_MFA=required', () => {
  let held: TestApp;
  beforeAll(async () => {
    held = await startTestApp({ smtpUrl: undefined, adminMfa: 'required' });
    await createTeam(held);
  });
  afterAll(() => held.close());

  it('holds the email and shows its link to admins; the invitee sets up a second factor before anything else', async () => {
    // The owner has no second factor yet either: it must enrol before inviting.
    const ownerAgent = await signedIn(held, 'owner');
    const refused = await ownerAgent
      .post('/api/team/invitations')
      .send({ email: 'hal@example.com', role: 'member' });
    expect(refused.status).toBe(403);
    const start = await ownerAgent
      .post('/api/admin/second-factor/enrolment')
      .send({ password: TEAM_PASSWORD });
    await ownerAgent
      .post('/api/admin/second-factor/enrolment/confirm')
      .send({ code: generateSync({ secret: start.body.secret }) });

    const res = await ownerAgent
      .post('/api/team/invitations')
      .send({ email: 'hal@example.com', role: 'member' });
    expectContract('createTeamInvitation', res);
    expect(res.status).toBe(201);
    expect(res.body.delivery).toBe('held');
    expect(res.body.heldLink).toMatch(/\/admin\/join#token=[A-Za-z0-9_-]{43}$/);
    const listed = await ownerAgent.get('/api/team/invitations');
    expect(listed.body.invitations[0].heldLink).toBe(res.body.heldLink);
    const token = res.body.heldLink.split('#token=')[1];

    const agent = held.request().set('Origin', held.baseUrl);
    const accepted = await agent
      .post('/api/team-invitation/accept')
      .send({ token, email: 'hal@example.com', username: 'hal', password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.secondFactor).toMatchObject({ mustEnrol: true });
    expect((await agent.get('/api/contacts')).status).toBe(403);
    const enrolment = await agent.post('/api/admin/second-factor/enrolment').send({ password: PASSWORD });
    expect(enrolment.status).toBe(200);
    const confirmed = await agent
      .post('/api/admin/second-factor/enrolment/confirm')
      .send({ code: generateSync({ secret: enrolment.body.secret }) });
    expect(confirmed.status).toBe(200);
    expect((await agent.get('/api/contacts')).status).toBe(200);
    // Accepted, the link is no longer shown anywhere.
    const { rows } = await held.db.query('SELECT held_link FROM team_invitations WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows[0].held_link).toBeNull();
  });
});
