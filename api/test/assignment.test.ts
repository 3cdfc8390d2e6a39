import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/admin/auth/password.ts';
import { cliSource } from '../src/audit/audit.ts';
import { createLogger } from '../src/http/logger.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { createAccount } from '../src/admin/team/accounts.service.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { contact } from './lead-helpers.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam, PASSWORD } from './team-helpers.ts';
import { createEndpoint } from './webhook-app.ts';
import { expectAllValid, startReceiver, waitFor, type Receiver } from './webhook-receivers.ts';

describe('assigning leads', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let worker: Worker;
  let receiver: Receiver;
  let ids: Awaited<ReturnType<typeof createTeam>>;
  let member: supertest.Agent;
  let admin: supertest.Agent;
  let viewer: supertest.Agent;

  async function newContact(name = 'Ada Lovelace') {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, name });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  async function assign(
    agent: supertest.Agent,
    id: number,
    assigneeId: number | null,
    expected: number | null,
  ) {
    const res = await agent
      .put(`/api/leads/contact/${id}/assignee`)
      .send({ assigneeId, expectedAssigneeId: expected });
    expectContract('assignLead', res);
    return res;
  }
  async function audit(action: string) {
    const res = await admin.get('/api/audit-entries').query({ action, limit: 200 });
    expectContract('listAuditEntries', res);
    return res.body.entries as {
      actor: { kind: string; id: number | null };
      target: { type: string; id: string } | null;
      changes: Record<string, unknown>;
      details: Record<string, unknown>;
    }[];
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      leadRateLimitPerMinute: 0,
      smtpUrl: smtp.url,
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
    });
    worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent') });
    ids = await createTeam(t);
    // The invitation flow gives accounts their address; these come from the command line.
    await t.db.query(`UPDATE admin_users SET email = username || '@team.example.com'`);
    member = await signedIn(t, 'member');
    admin = await signedIn(t, 'admin');
    viewer = await signedIn(t, 'viewer');
    receiver = await startReceiver();
    await createEndpoint(admin, receiver, { events: ['lead.assigned'] });
  });
  afterAll(async () => {
    await receiver.close();
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  it('assigns from the lead page, records who did it, and emails the assignee unless they took it themself', async () => {
    const id = await newContact();
    const mine = await assign(member, id, ids.member, null);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ kind: 'contact', id, assignee: { id: ids.member, username: 'member' } });
    expect((await viewer.get(`/api/contacts/${id}`)).body.assigneeId).toBe(ids.member);

    const toAdmin = await assign(member, id, ids.admin, ids.member);
    expect(toAdmin.status).toBe(200);
    const mail = await smtp.waitFor(1, 20_000, () =>
      smtp.received.some((m) => m.to.includes('admin@team.example.com')),
    );
    const sent = mail.find((m) => m.to.includes('admin@team.example.com'))!;
    expect(sent.mail.subject).toBe(`Assigned to you: contact message ${id}`);
    expect(sent.mail.text).toContain('member assigned this lead to you');
    expect(sent.mail.text).not.toContain('Ada Lovelace');
    expect(smtp.received.filter((m) => m.to.includes('member@team.example.com'))).toEqual([]);

    const history = await viewer.get(`/api/leads/contact/${id}/history`);
    expectContract('getLeadHistory', history);
    const changes = (history.body.events as { type: string; actor: string | null; detail: string }[]).filter(
      (e) => e.type === 'assigned',
    );
    expect(changes.map((e) => [e.actor, e.detail])).toEqual([
      ['member', 'To member'],
      ['member', 'To admin'],
    ]);
    const entries = (await audit('lead.assigned')).filter((e) => e.target?.id === String(id));
    expect(entries.map((e) => [e.actor.id, e.changes])).toEqual([
      [ids.member, { assignee: { from: ids.member, to: ids.admin } }],
      [ids.member, { assignee: { from: null, to: ids.member } }],
    ]);

    const hooks = await waitFor('two lead.assigned events', () => {
      const mineHooks = receiver.received.filter(
        (r) => (r.payload.data as { leadId?: number }).leadId === id,
      );
      return mineHooks.length >= 2 ? mineHooks : undefined;
    });
    expect(hooks.map((h) => h.payload.data)).toEqual(
      expect.arrayContaining([
        {
          kind: 'contact',
          leadId: id,
          assignee: { id: ids.admin, username: 'admin' },
          previousAssignee: { id: ids.member, username: 'member' },
          by: { id: ids.member, username: 'member' },
        },
      ]),
    );
    expectAllValid(receiver);
  });

  it('refuses a change made against an assignee that is no longer the lead’s, naming the current one', async () => {
    const id = await newContact();
    expect((await assign(admin, id, ids.admin, null)).status).toBe(200);
    const stale = await assign(member, id, ids.member, null);
    expect(stale.status).toBe(409);
    expect(stale.body.currentAssignee).toEqual({ id: ids.admin, username: 'admin' });
    expect(stale.body.detail).toContain('assigned to admin');
    const unassigned = await assign(member, id, null, ids.admin);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.assignee).toBeNull();
    const again = await assign(member, id, ids.member, ids.admin);
    expect(again.status).toBe(409);
    expect(again.body.currentAssignee).toBeNull();
  });

  it('gives a lead to one of 20 people assigning it at once from their own sessions; the 19 others get 409', async () => {
    const id = await newContact();
    const hash = await hashPassword(PASSWORD);
    const people: { id: number; agent: supertest.Agent }[] = [];
    for (let i = 0; i < 20; i++) {
      const account = await createAccount(t.db, cliSource, `racer${i}`, hash, 'member');
      people.push({ id: account!.id, agent: await signedIn(t, { username: `racer${i}` }) });
    }
    const answers = await Promise.all(people.map((p) => assign(p.agent, id, p.id, null)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const winner = won[0]!.body.assignee.id as number;
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.currentAssignee.id).toBe(winner);
    const { rows } = await t.db.query('SELECT assignee_id FROM contact_submissions WHERE id = $1', [id]);
    expect(rows[0].assignee_id).toBe(winner);
    const recorded = (await audit('lead.assigned')).filter((e) => e.target?.id === String(id));
    expect(recorded).toHaveLength(1);
    // Twenty real sign-ins (each a password hash) take long on a busy machine.
  }, 180_000);

  it('refuses an assignee who cannot work leads, and a lead that does not exist', async () => {
    const id = await newContact();
    const toViewer = await assign(member, id, ids.viewer, null);
    expect(toViewer.status).toBe(400);
    expect(toViewer.body.errors).toContainEqual({
      path: '/assigneeId',
      message: 'Must be an active member, admin or owner of the team',
    });
    expect((await assign(member, id, 987654, null)).status).toBe(400);
    expect((await assign(member, 987654, ids.member, null)).status).toBe(404);
    expect((await assign(viewer, id, ids.member, null)).status).toBe(403);
  });

  it('refuses a status change made against a status that is no longer the lead’s', async () => {
    const res = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const first = await member
      .patch(`/api/get-started/${id}`)
      .send({ status: 'contacted', expectedStatus: 'pending' });
    expect(first.status).toBe(200);
    const stale = await admin
      .patch(`/api/get-started/${id}`)
      .send({ status: 'declined', expectedStatus: 'pending' });
    expectContract('updateGetStartedRequest', stale);
    expect(stale.status).toBe(409);
    expect(stale.body.currentStatus).toBe('contacted');
    const { rows } = await t.db.query('SELECT status FROM get_started_requests WHERE id = $1', [id]);
    expect(rows[0].status).toBe('contacted');
  });

  it('assigns a selection from a list, leaving the leads someone changed meanwhile', async () => {
    const [a, b, c] = [
      await newContact('Bulk One'),
      await newContact('Bulk Two'),
      await newContact('Bulk Three'),
    ];
    expect((await assign(admin, b, ids.admin, null)).status).toBe(200);
    const res = await member.post('/api/leads/contact/assignments').send({
      assigneeId: ids.member,
      leads: [
        { id: a, expectedAssigneeId: null },
        { id: b, expectedAssigneeId: null },
        { id: c, expectedAssigneeId: null },
        { id: 987654, expectedAssigneeId: null },
      ],
    });
    expectContract('assignLeads', res);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: a, outcome: 'assigned', assigneeId: ids.member },
      { id: b, outcome: 'conflict', assigneeId: ids.admin },
      { id: c, outcome: 'assigned', assigneeId: ids.member },
      { id: 987654, outcome: 'not-found', assigneeId: null },
    ]);
  });

  it('filters every list by "Mine", "Unassigned" and one person, with a search, and the CSV export alike', async () => {
    const tag = 'filterzz';
    const [mine, theirs, nobody] = [
      await newContact(`Mine ${tag}`),
      await newContact(`Theirs ${tag}`),
      await newContact(`Nobody ${tag}`),
    ];
    await assign(member, mine, ids.member, null);
    await assign(member, theirs, ids.owner, null);
    const page = async (query: Record<string, string>) => {
      const res = await member.get('/api/contacts').query({ q: tag, ...query });
      expectContract('listContacts', res);
      expect(res.status).toBe(200);
      return (res.body.contacts as { id: number }[]).map((x) => x.id);
    };
    expect(await page({ assignee: 'me' })).toEqual([mine]);
    expect(await page({ assignee: 'none' })).toEqual([nobody]);
    expect(await page({ assignee: String(ids.owner) })).toEqual([theirs]);
    expect(await page({})).toEqual([nobody, theirs, mine]);

    const all = await member.get('/api/contacts').query({ assignee: 'me' });
    const { rows } = await t.db.query(
      'SELECT count(*)::int AS n FROM contact_submissions WHERE assignee_id = $1',
      [ids.member],
    );
    expect(all.body.total).toBe(rows[0].n);
    const bad = await member.get('/api/contacts').query({ assignee: 'someone' });
    expect(bad.status).toBe(400);

    const csv = await admin.get('/api/contacts/export').query({ q: tag, assignee: String(ids.owner) });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain(',Assignee');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^Theirs filterzz,.*,owner$/);
    const exported = await audit('leads.exported');
    expect(exported[0]!.details).toEqual({ filters: { search: true, assignee: ids.owner } });
  });

  it("moves all of a person's leads to another in one step, listed under the new one after", async () => {
    const hash = await hashPassword(PASSWORD);
    const leaving = (await createAccount(t.db, cliSource, 'leaving', hash, 'member'))!.id;
    const taking = (await createAccount(t.db, cliSource, 'taking', hash, 'member'))!.id;
    const theirs = [await newContact('Book One'), await newContact('Book Two')];
    for (const id of theirs) expect((await assign(admin, id, leaving, null)).status).toBe(200);
    const listed = await admin.get('/api/contacts').query({ assignee: String(leaving) });
    expect(listed.body.contacts.map((x: { id: number }) => x.id).sort()).toEqual([...theirs].sort());

    expect(
      (await member.post(`/api/team/members/${leaving}/reassign`).send({ toAssigneeId: taking })).status,
    ).toBe(403);
    const res = await admin.post(`/api/team/members/${leaving}/reassign`).send({ toAssigneeId: taking });
    expectContract('reassignMemberLeads', res);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ moved: { contact: 2, demo: 0, 'get-started': 0, newsletter: 0 }, total: 2 });
    expect((await admin.get('/api/contacts').query({ assignee: String(leaving) })).body.total).toBe(0);
    const now = await admin.get('/api/contacts').query({ assignee: String(taking) });
    expect(now.body.contacts.map((x: { id: number }) => x.id).sort()).toEqual([...theirs].sort());
    expect(now.body.total).toBe(2);
    const [entry] = await audit('leads.reassigned');
    expect(entry).toMatchObject({
      actor: { kind: 'account', id: ids.admin },
      target: { type: 'account', id: String(leaving) },
      changes: { assignee: { from: leaving, to: taking } },
    });
    const toSelf = await admin.post(`/api/team/members/${taking}/reassign`).send({ toAssigneeId: taking });
    expect(toSelf.status).toBe(400);
  });
});

describe('LEAD_AUTO_ASSIGN=least-open', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0, leadAutoAssign: 'least-open' });
    ids = await createTeam(t);
  });
  afterAll(() => t.close());

  const submit = async (path: string, body: object) => {
    const res = await t.request().post(path).send(body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const assigneeOf = async (table: string, id: number) =>
    (await t.db.query(`SELECT assignee_id FROM ${table} WHERE id = $1`, [id])).rows[0].assignee_id as
      number | null;

  it('gives each new lead to the person with the fewest open leads, ties to the one assigned least recently', async () => {
    const first = await submit('/api/contact', contact);
    const owner = await signedIn(t, 'owner');
    const firstTo = await assigneeOf('contact_submissions', first);
    expect(firstTo).toBe(ids.owner); // nobody has any: the oldest account never assigned
    const second = await submit('/api/contact', contact);
    expect(await assigneeOf('contact_submissions', second)).toBe(ids.admin);
    const third = await submit('/api/contact', contact);
    expect(await assigneeOf('contact_submissions', third)).toBe(ids.member);
    // A closed request no longer counts: the owner's demo is completed, so the owner is least busy
    // after one more lead each.
    const demo = await submit('/api/demo', { name: 'Grace Hopper', email: 'grace@example.com' });
    expect(await assigneeOf('demo_requests', demo)).toBe(ids.owner);
    const done = await owner.patch(`/api/demos/${demo}`).send({ status: 'completed' });
    expect(done.status).toBe(200);
    const next = await submit('/api/contact', contact);
    expect(await assigneeOf('contact_submissions', next)).toBe(ids.admin);
    const after = await submit('/api/contact', contact);
    expect(await assigneeOf('contact_submissions', after)).toBe(ids.member);
    const last = await submit('/api/contact', contact);
    expect(await assigneeOf('contact_submissions', last)).toBe(ids.owner);

    const history = await owner.get(`/api/leads/contact/${first}/history`);
    expectContract('getLeadHistory', history);
    expect(history.body.events).toContainEqual(
      expect.objectContaining({ type: 'assigned', actor: null, detail: 'To owner (automatic)' }),
    );
    const { rows } = await t.db.query(
      `SELECT actor_kind, changes FROM audit_entries WHERE action = 'lead.assigned' AND target_type = 'contact' AND target_id = $1`,
      [String(first)],
    );
    expect(rows).toEqual([{ actor_kind: 'system', changes: { assignee: { from: null, to: ids.owner } } }]);
    const viewers = await t.db.query(
      `SELECT count(*)::int AS n FROM contact_submissions WHERE assignee_id = $1`,
      [ids.viewer],
    );
    expect(viewers.rows[0].n).toBe(0);
  });

  it('leads stored together (one batch) each get their own assignee, history, email and audit entry', async () => {
    const leads = await Promise.all(Array.from({ length: 9 }, () => submit('/api/contact', contact)));
    const { rows } = await t.db.query<{
      id: string;
      who: string;
      mailed: string;
      event: string;
      audited: string;
    }>(
      `SELECT c.id, c.assignee_id AS who, m.params ->> 'assigneeId' AS mailed, e.detail ->> 'text' AS event,
              a.changes -> 'assignee' ->> 'to' AS audited
         FROM contact_submissions c
         JOIN mail_messages m ON m.lead_kind = 'contact' AND m.lead_id = c.id AND m.template = 'lead-assigned'
         JOIN lead_events e ON e.lead_kind = 'contact' AND e.lead_id = c.id AND e.type = 'assigned'
         JOIN audit_entries a ON a.action = 'lead.assigned' AND a.target_type = 'contact' AND a.target_id = c.id::text
        WHERE c.id = ANY($1::bigint[])`,
      [leads],
    );
    expect(rows).toHaveLength(9);
    const names = new Map([
      [String(ids.owner), 'owner'],
      [String(ids.admin), 'admin'],
      [String(ids.member), 'member'],
    ]);
    for (const r of rows) {
      expect(r.mailed).toBe(String(r.who));
      expect(r.audited).toBe(String(r.who));
      expect(r.event).toBe(`To ${names.get(String(r.who))} (automatic)`);
    }
    // More than one person: the batch's picks spread over the team.
    expect(new Set(rows.map((r) => r.who)).size).toBeGreaterThan(1);
  });
});
