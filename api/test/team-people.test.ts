import pg from 'pg';
import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../src/contract/load.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually } from './smtp.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam, PASSWORD } from './team-helpers.ts';

// Role changes and deactivation (docs/operations.md#roles, docs/operations.md#deactivation).

let t: TestApp;
let ids: Record<Role, number>;
const as = {} as Record<Role, supertest.Agent>;

beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  ids = await createTeam(t);
});
afterAll(() => t.close());
// Each test starts from the same team: every account active with its own name's role, signed in.
beforeEach(async () => {
  await t.db.query(
    `UPDATE admin_users SET deactivated_at = NULL, role = CASE WHEN role = 'owner' THEN 'admin' ELSE role END`,
  );
  await t.db.query(`UPDATE admin_users SET role = username WHERE username <> 'owner'`);
  await t.db.query(`UPDATE admin_users SET role = 'owner' WHERE username = 'owner'`);
  for (const role of ['owner', 'admin', 'member', 'viewer'] as const)
    if (!as[role] || (await as[role].get('/api/admin/session')).status !== 200)
      as[role] = await signedIn(t, role);
  since = (await t.db.query('SELECT coalesce(max(id), 0)::int AS n FROM audit_entries')).rows[0].n;
});
/** The audit log is append-only: each test reads the entries made since it started. */
let since = 0;

const setRole = async (agent: supertest.Agent, id: number, role: string) => {
  const res = await agent.put(`/api/team/members/${id}/role`).send({ role });
  expectContract('changeTeamMemberRole', res);
  return res;
};
const roles = async () =>
  Object.fromEntries(
    (await t.db.query<{ username: string; role: string }>('SELECT username, role FROM admin_users')).rows.map(
      (r) => [r.username, r.role],
    ),
  );
const audit = async (action: string) =>
  (
    await t.db.query(
      `SELECT u.username AS actor, e.target_id, e.changes FROM audit_entries e
         LEFT JOIN admin_users u ON u.id = e.actor_id WHERE action = $1 AND e.id > $2 ORDER BY e.id`,
      [action, since],
    )
  ).rows;

describe('role changes', () => {
  it('lets an admin move members and viewers, recording old and new role', async () => {
    const res = await setRole(as.admin, ids.member, 'viewer');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'member', role: 'viewer', active: true });
    expect(await audit('account.role-changed')).toEqual([
      { actor: 'admin', target_id: String(ids.member), changes: { role: { from: 'member', to: 'viewer' } } },
    ]);
    // The demoted account's next request runs with its new role.
    const refused = await as.member.patch('/api/get-started/1').send({ status: 'contacted' });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredRole).toBe('member');
  });

  it('refuses anyone changing their own role', async () => {
    for (const role of ['admin', 'owner'] as const) {
      const res = await setRole(as[role], ids[role], 'viewer');
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe('Nobody can change their own role.');
    }
    expect(await audit('account.role-changed')).toEqual([]);
  });

  it('keeps making and unmaking admins and handing ownership on to the owner', async () => {
    const makeAdmin = await setRole(as.admin, ids.member, 'admin');
    expect(makeAdmin.status).toBe(403);
    expect(makeAdmin.body.requiredRole).toBe('owner');
    expect((await setRole(as.admin, ids.owner, 'viewer')).status).toBe(409);
    expect((await setRole(as.admin, ids.viewer, 'owner')).body.requiredRole).toBe('owner');
    expect((await setRole(as.owner, ids.member, 'admin')).status).toBe(200);
    expect((await setRole(as.owner, ids.member, 'member')).status).toBe(200);
    expect(await roles()).toEqual({ owner: 'owner', admin: 'admin', member: 'member', viewer: 'viewer' });
  });

  it('hands ownership to an admin only, in one step: there is always exactly one owner', async () => {
    const toMember = await setRole(as.owner, ids.member, 'owner');
    expect(toMember.status).toBe(409);
    const handed = await setRole(as.owner, ids.admin, 'owner');
    expect(handed.status).toBe(200);
    expect(handed.body.role).toBe('owner');
    expect(await roles()).toEqual({ owner: 'admin', admin: 'owner', member: 'member', viewer: 'viewer' });
    expect(await audit('account.role-changed')).toEqual([
      { actor: 'owner', target_id: String(ids.owner), changes: { role: { from: 'owner', to: 'admin' } } },
      { actor: 'owner', target_id: String(ids.admin), changes: { role: { from: 'admin', to: 'owner' } } },
    ]);
    // The former owner is an admin now, at once.
    expect((await setRole(as.owner, ids.member, 'admin')).body.requiredRole).toBe('owner');
    expect((await setRole(as.admin, ids.owner, 'member')).status).toBe(200);
  });

  it('hands ownership on once when two hand-overs race', async () => {
    // A second admin; the owner hands on to both at once: one wins, the other finds no owner to act as.
    await setRole(as.owner, ids.member, 'admin');
    const results = await Promise.all([
      setRole(as.owner, ids.admin, 'owner'),
      setRole(as.owner, ids.member, 'owner'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = Object.values(await roles()).filter((r) => r === 'owner');
    expect(owners).toHaveLength(1);
  });
});

describe('deactivation', () => {
  it('ends the sessions at once, refuses sign-in, keeps what they did attributed, and reactivates', async () => {
    const lead = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Some Lead', email: 'lead@example.com' });
    expect(
      (await as.member.patch(`/api/get-started/${lead.body.id}`).send({ status: 'contacted' })).status,
    ).toBe(200);

    const given = await as.admin
      .put(`/api/leads/get-started/${lead.body.id}/assignee`)
      .send({ assigneeId: ids.member, expectedAssigneeId: null });
    expect(given.status).toBe(200);
    const res = await as.admin.post(`/api/team/members/${ids.member}/deactivate`);
    expectContract('deactivateTeamMember', res);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: false });
    expect(res.body.deactivatedAt).not.toBeNull();

    const next = await as.member.get('/api/admin/session');
    expect(next.status).toBe(401);
    const login = await t
      .request()
      .set('Origin', t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'member', password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.detail).toContain('deactivated');
    const wrong = await t
      .request()
      .set('Origin', t.baseUrl)
      .post('/api/admin/login')
      .send({ username: 'member', password: 'not the password at all' });
    expect(wrong.body.detail).toBe('Invalid username or password');

    const changes = await audit('lead.status-changed');
    expect(changes).toEqual([expect.objectContaining({ actor: 'member', target_id: String(lead.body.id) })]);
    expect(await audit('account.deactivated')).toEqual([
      { actor: 'admin', target_id: String(ids.member), changes: { active: { from: true, to: false } } },
    ]);
    expect((await as.admin.post(`/api/team/members/${ids.member}/deactivate`)).status).toBe(409);
    // The leads they had stay theirs (and are counted under them); nothing new is given to them.
    const members = await as.admin.get('/api/team/members');
    expectContract('listTeamMembers', members);
    expect(members.body.members.find((m: { id: number }) => m.id === ids.member)).toMatchObject({
      active: false,
      assignedLeads: 1,
      openLeads: 1,
    });
    const assign = await as.admin
      .put(`/api/leads/get-started/${lead.body.id}/assignee`)
      .send({ assigneeId: ids.member, expectedAssigneeId: ids.member });
    expect(assign.status).toBe(400);
    expect(assign.body.detail).toContain('only active members');

    const back = await as.admin.post(`/api/team/members/${ids.member}/reactivate`);
    expectContract('reactivateTeamMember', back);
    expect(back.body).toMatchObject({ active: true, deactivatedAt: null });
    expect(await audit('account.reactivated')).toEqual([
      { actor: 'admin', target_id: String(ids.member), changes: { active: { from: false, to: true } } },
    ]);
    expect((await signedIn(t, 'member').then((a) => a.get('/api/admin/session'))).status).toBe(200);
  });

  it('never deactivates the owner or oneself, and leaves admins to the owner', async () => {
    const owner = await as.admin.post(`/api/team/members/${ids.owner}/deactivate`);
    expect(owner.status).toBe(409);
    expect(owner.body.detail).toBe('The owner cannot be deactivated.');
    expect((await as.admin.post(`/api/team/members/${ids.admin}/deactivate`)).status).toBe(409);
    expect((await as.owner.post(`/api/team/members/${ids.owner}/deactivate`)).status).toBe(409);
    await t.db.query(`UPDATE admin_users SET role = 'admin' WHERE username = 'member'`);
    const otherAdmin = await as.admin.post(`/api/team/members/${ids.member}/deactivate`);
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body.requiredRole).toBe('owner');
    expect((await as.owner.post(`/api/team/members/${ids.member}/deactivate`)).status).toBe(200);
    expect((await as.owner.post('/api/team/members/987654/deactivate')).status).toBe(404);
    // Even the database refuses a deactivated owner.
    await expect(
      t.db.query(`UPDATE admin_users SET deactivated_at = now() WHERE role = 'owner'`),
    ).rejects.toThrow(/admin_users_owner_active/);
  });

  it('leaves no change made after a deactivation that lands while the member’s request runs', async () => {
    const lead = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Raced Lead', email: 'race@example.com' });
    // Another transaction holds the lead's row: the member's request passes its session check,
    // then waits at its write.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM get_started_requests WHERE id = $1 FOR UPDATE', [lead.body.id]);
      const change = as.member
        .patch(`/api/get-started/${lead.body.id}`)
        .send({ status: 'contacted' })
        .then((r) => r);
      await eventually(async () => {
        // Not on the blocker: inside a transaction pg_stat_activity is read once and kept.
        const { rows } = await t.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%get_started_requests%'`,
        );
        return rows.length > 0 ? true : undefined;
      });
      const deactivated = await as.admin.post(`/api/team/members/${ids.member}/deactivate`);
      expect(deactivated.status).toBe(200);
      await blocker.query('ROLLBACK');
      const res = await change;
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('Your account has been deactivated.');
    } finally {
      await blocker.end();
    }
    const { rows } = await t.db.query('SELECT status FROM get_started_requests WHERE id = $1', [
      lead.body.id,
    ]);
    expect(rows[0].status).toBe('pending');
    expect(await audit('lead.status-changed')).toEqual([]);
  });
});

describe('a demotion while a request runs', () => {
  it('leaves no note written by a member demoted to viewer after the role check passed', async () => {
    const lead = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Demoted Note', email: 'demoted-note@example.com' });
    // Another transaction holds the lead's row: the member's request passes its role check, then
    // waits at its write while the admin makes the member a viewer.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    let res!: supertest.Response;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM get_started_requests WHERE id = $1 FOR UPDATE', [lead.body.id]);
      const write = as.member
        .post(`/api/leads/get-started/${lead.body.id}/notes`)
        .send({ text: 'Written by a member who is a viewer by now' })
        .then((r) => r);
      await eventually(async () => {
        const { rows } = await t.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%get_started_requests%'`,
        );
        return rows.length > 0 ? true : undefined;
      });
      expect((await setRole(as.admin, ids.member, 'viewer')).status).toBe(200);
      await blocker.query('ROLLBACK');
      res = await write;
    } finally {
      await blocker.end();
    }
    expectContract('createLeadNote', res);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      requiredRole: 'member',
      detail: 'This needs the member role or a higher one; your role is now viewer.',
    });
    const { rows } = await t.db.query(
      "SELECT 1 FROM lead_notes WHERE lead_kind = 'get-started' AND lead_id = $1",
      [lead.body.id],
    );
    expect(rows).toEqual([]);
    expect(await audit('note.created')).toEqual([]);
    // Still signed in, as a viewer: reading works, writing is the role check's ordinary 403.
    expect((await as.member.get(`/api/leads/get-started/${lead.body.id}/notes`)).status).toBe(200);
  });

  it('still lets an account write whose role, changed meanwhile, allows it', async () => {
    const lead = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Promoted', email: 'up@example.com' });
    await t.db.query("UPDATE admin_users SET role = 'admin' WHERE id = $1", [ids.member]);
    const res = await as.member.post(`/api/leads/get-started/${lead.body.id}/notes`).send({ text: 'Fine' });
    expect(res.status).toBe(201);
    const { rows } = await t.db.query(
      "SELECT needed_role FROM audit_entries WHERE action = 'note.created' AND id > $1",
      [since],
    );
    expect(rows).toEqual([{ needed_role: 'member' }]);
  });
});

describe('automatic assignment (LEAD_AUTO_ASSIGN=least-open)', () => {
  it('gives a deactivated person no new leads', async () => {
    const auto = await startTestApp({ leadRateLimitPerMinute: 0, leadAutoAssign: 'least-open' });
    try {
      const team = await createTeam(auto);
      await auto.db.query('UPDATE admin_users SET deactivated_at = now() WHERE id = ANY($1)', [
        [team.admin, team.member],
      ]);
      for (let i = 0; i < 3; i++)
        await auto
          .request()
          .post('/api/get-started')
          .send({ name: `Auto ${i}`, email: `auto${i}@example.com` });
      const { rows } = await auto.db.query('SELECT DISTINCT assignee_id FROM get_started_requests');
      expect(rows).toEqual([{ assignee_id: team.owner }]);
    } finally {
      await auto.close();
    }
  });
});
