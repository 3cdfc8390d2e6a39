import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type supertest from 'supertest';
import { hashPassword } from '../src/admin/auth/password.ts';
import { auditCsvBatches } from '../src/audit/audit.repo.ts';
import { cliSource } from '../src/audit/audit.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { removeSecondFactor, resetPassword } from '../src/admin/team/accounts.service.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { code, enrol } from './mfa-helpers.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam, PASSWORD } from './team-helpers.ts';

interface Entry {
  id: number;
  actor: { kind: string; id: number | null; username: string | null };
  action: string;
  target: { type: string; id: string | null } | null;
  changes: Record<string, { from?: unknown; to?: unknown }>;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

describe('the audit log', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createTeam>>;
  let admin: supertest.Agent;
  let member: supertest.Agent;

  /** The newest entries with this action, through the API as an admin would read them. */
  async function entries(query: Record<string, string | number>): Promise<Entry[]> {
    const res = await admin.get('/api/audit-entries').query(query);
    expectContract('listAuditEntries', res);
    expect(res.status).toBe(200);
    return res.body.entries as Entry[];
  }
  const latest = async (action: string) => (await entries({ action, limit: 1 }))[0]!;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowHttp: true });
    ids = await createTeam(t);
    admin = await signedIn(t, 'admin');
    member = await signedIn(t, 'member');
  });
  afterAll(() => t.close());

  it('records sign-ins, failed ones with the username tried, and sign-outs, with address, agent and request id', async () => {
    const viewer = t.request().set('Origin', t.baseUrl).set('User-Agent', 'audit-test/1.0');
    const wrong = await viewer
      .post('/api/admin/login')
      .send({ username: 'Viewer', password: 'not the password' });
    expect(wrong.status).toBe(401);
    const failed = await latest('session.sign-in-failed');
    expect(failed).toMatchObject({
      actor: { kind: 'anonymous', id: null, username: null },
      target: { type: 'account', id: String(ids.viewer) },
      details: { username: 'viewer', reason: 'wrong-password' },
      ip: '127.0.0.1',
      userAgent: 'audit-test/1.0',
      requestId: wrong.headers['x-request-id'],
    });
    await viewer.post('/api/admin/login').send({ username: 'nobody-here', password: 'not the password' });
    expect((await latest('session.sign-in-failed')).details).toMatchObject({
      username: 'nobody-here',
      reason: 'unknown-user',
    });
    expect((await latest('session.sign-in-failed')).target).toBeNull();

    const ok = await viewer.post('/api/admin/login').send({ username: 'viewer', password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(await latest('session.signed-in')).toMatchObject({
      actor: { kind: 'account', id: ids.viewer, username: 'viewer' },
      target: { type: 'account', id: String(ids.viewer) },
      requestId: ok.headers['x-request-id'],
    });
    expect((await viewer.post('/api/admin/logout')).status).toBe(204);
    expect(await latest('session.signed-out')).toMatchObject({
      actor: { kind: 'account', id: ids.viewer, username: 'viewer' },
    });
  });

  it('records second-factor set-up, renewed recovery codes and a recovery code used to sign in', async () => {
    const owner = await signedIn(t, 'owner');
    const { secret, recoveryCodes } = await enrol(t, owner, PASSWORD);
    const mine = {
      actor: { kind: 'account', id: ids.owner },
      target: { type: 'account', id: String(ids.owner) },
    };
    expect(await latest('second-factor.enrolled')).toMatchObject({ ...mine, changes: { secondFactor: {} } });
    const renewed = await owner.post('/api/admin/second-factor/recovery-codes').send({ code: code(secret) });
    expect(renewed.status).toBe(200);
    expect(await latest('second-factor.recovery-codes-renewed')).toMatchObject(mine);
    expect(JSON.stringify(await entries({ limit: 200 }))).not.toContain(recoveryCodes[0]!);

    const other = t.request().set('Origin', t.baseUrl);
    expect(
      (await other.post('/api/admin/login').send({ username: 'owner', password: PASSWORD })).status,
    ).toBe(202);
    const wrong = await other.post('/api/admin/login/second-factor').send({ code: '000000' });
    expect(wrong.status).toBe(401);
    expect(await latest('session.sign-in-failed')).toMatchObject({
      actor: { kind: 'anonymous' },
      details: { username: 'owner', reason: 'wrong-code' },
    });
    const used = await other
      .post('/api/admin/login/second-factor')
      .send({ code: renewed.body.recoveryCodes[0] as string });
    expect(used.status).toBe(200);
    expect(await latest('second-factor.recovery-code-used')).toMatchObject(mine);
    expect((await latest('session.signed-in')).details).toMatchObject({ with: 'recovery-code' });
  });

  it("records a lead's status change with the values, and nothing of the lead's personal data", async () => {
    const demo = await t.request().post('/api/demo').send({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const changed = await member.patch(`/api/demos/${demo.body.id}`).send({ status: 'completed' });
    expect(changed.status).toBe(200);
    const entry = await latest('lead.status-changed');
    expect(entry).toMatchObject({
      actor: { kind: 'account', id: ids.member, username: 'member' },
      target: { type: 'demo', id: String(demo.body.id) },
      changes: { status: { from: 'pending', to: 'completed' } },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Ada|ada@example/);
  });

  it('records demo invitations sent, moved and cancelled', async () => {
    const demo = await t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    const year = new Date().getUTCFullYear() + 1;
    const at = (date: string) => ({ date, time: '10:00', timeZone: 'Europe/Berlin', durationMinutes: 30 });
    expect((await member.put(`/api/demos/${demo.body.id}/invitation`).send(at(`${year}-05-01`))).status).toBe(
      200,
    );
    expect((await member.put(`/api/demos/${demo.body.id}/invitation`).send(at(`${year}-05-02`))).status).toBe(
      200,
    );
    expect((await member.delete(`/api/demos/${demo.body.id}/invitation`)).status).toBe(200);
    const target = { type: 'demo', id: String(demo.body.id) };
    expect(await latest('demo-invitation.sent')).toMatchObject({
      actor: { id: ids.member },
      target,
      changes: { status: { from: 'pending', to: 'confirmed' }, startsAt: {} },
    });
    expect(await latest('demo-invitation.moved')).toMatchObject({ target, changes: { startsAt: {} } });
    expect(await latest('demo-invitation.cancelled')).toMatchObject({
      target,
      changes: { status: { from: 'confirmed', to: 'cancelled' } },
    });
  });

  it('records every CSV export with its filters, the search text withheld', async () => {
    const res = await admin.get('/api/contacts/export').query({ q: 'someone@example.com' });
    expect(res.status).toBe(200);
    const entry = await latest('leads.exported');
    expect(entry).toMatchObject({
      actor: { id: ids.admin },
      target: { type: 'contact', id: null },
      details: { filters: { search: true } },
    });
    expect(JSON.stringify(entry)).not.toContain('someone@example.com');
  });

  it('records webhook endpoints created, changed, their secret rotated and deleted', async () => {
    const created = await admin
      .post('/api/webhooks')
      .send({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'], description: 'CRM' });
    expect(created.status).toBe(201);
    const id = created.body.endpoint.id as number;
    const target = { type: 'webhook-endpoint', id: String(id) };
    expect(await latest('webhook.created')).toMatchObject({ actor: { id: ids.admin }, target });
    await admin.patch(`/api/webhooks/${id}`).send({ description: 'The CRM', enabled: false });
    expect(await latest('webhook.changed')).toMatchObject({
      target,
      changes: { description: {}, enabled: {} },
    });
    expect((await admin.post(`/api/webhooks/${id}/rotate-secret`)).status).toBe(200);
    expect(await latest('webhook.secret-rotated')).toMatchObject({ target });
    expect(JSON.stringify(await latest('webhook.secret-rotated'))).not.toContain('whsec_');
    expect((await admin.delete(`/api/webhooks/${id}`)).status).toBe(204);
    expect(await latest('webhook.deleted')).toMatchObject({ target });
  });

  it('records password and second-factor resets from the command line as the cli', async () => {
    expect(await resetPassword(t.db, cliSource, 'viewer', await hashPassword(PASSWORD), true)).toBe(true);
    expect(await removeSecondFactor(t.db, cliSource, 'nobody')).toBe(false);
    expect(await latest('account.password-reset')).toMatchObject({
      actor: { kind: 'cli', id: null },
      target: { type: 'account', id: String(ids.viewer) },
      changes: { password: {} },
    });
    expect(await latest('second-factor.removed')).toMatchObject({ actor: { kind: 'cli' } });
    expect(await entries({ action: 'account.created', actorKind: 'cli' })).toHaveLength(4);
  });

  it('records a webhook test sent and a delivery redelivered, and an email sent again', async () => {
    const created = await admin
      .post('/api/webhooks')
      .send({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'] });
    const id = created.body.endpoint.id as number;
    const tested = await admin.post(`/api/webhooks/${id}/test`);
    expect(tested.status).toBe(200);
    const deliveryId = tested.body.delivery.id as number;
    expect(await latest('webhook.test-sent')).toMatchObject({
      actor: { id: ids.admin },
      target: { type: 'webhook-endpoint', id: String(id) },
      details: { delivery: deliveryId },
    });
    const again = await admin.post(`/api/webhook-deliveries/${deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    expect(await latest('webhook.redelivered')).toMatchObject({
      target: { type: 'webhook-delivery', id: String(deliveryId) },
      details: { redelivery: again.body.id },
    });

    // A failed email (as the worker leaves one the SMTP server refused) sent again by a member.
    await t
      .request()
      .post('/api/contact')
      .send({ name: 'Alan Turing', email: 'alan@example.com', message: 'Hello there, about pricing' });
    const { rows } = await t.db.query<{ id: number }>(
      "UPDATE mail_messages SET status = 'failed' WHERE id = (SELECT max(id) FROM mail_messages) RETURNING id",
    );
    const resent = await member.post(`/api/mail-messages/${rows[0]!.id}/resend`);
    expect(resent.status).toBe(202);
    expect(await latest('mail.resent')).toMatchObject({
      actor: { id: ids.member },
      target: { type: 'mail-message', id: String(rows[0]!.id) },
    });
  });

  it('pages newest first and filters by who, action, target and time', async () => {
    const all = await entries({ limit: 200 });
    const times = all.map((e) => Date.parse((e as Entry & { at: string }).at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = await admin.get('/api/audit-entries').query({ limit: 2 });
    const second = await admin.get('/api/audit-entries').query({ limit: 2, cursor: first.body.nextCursor });
    expectContract('listAuditEntries', second);
    expect([...first.body.entries, ...second.body.entries].map((e: Entry) => e.id)).toEqual(
      all.slice(0, 4).map((e) => e.id),
    );
    const mine = await entries({ actorId: ids.member, limit: 200 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor.id === ids.member)).toBe(true);
    const aboutViewer = await entries({ targetType: 'account', targetId: String(ids.viewer), limit: 200 });
    expect(aboutViewer.every((e) => e.target?.id === String(ids.viewer))).toBe(true);
    expect(await entries({ from: '2999-01-01T00:00:00Z' })).toEqual([]);
    expect((await entries({ to: '2999-01-01T00:00:00Z', limit: 200 })).length).toBe(all.length);
    const bad = await admin.get('/api/audit-entries').query({ cursor: 'abc' });
    expectContract('listAuditEntries', bad);
    expect(bad.status).toBe(400);
    const backwards = await admin
      .get('/api/audit-entries')
      .query({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' });
    expect(backwards.status).toBe(400);
  });

  it('orders by time, then id, in pages and in the export, however the ids were drawn', async () => {
    // Written in an order of ids that is not the order of their times, some a microsecond apart
    // (a page's start keeps every microsecond), some at the very same time (then the id decides).
    const times = [
      '2020-05-01T10:00:00.000003Z',
      '2020-05-01T10:00:00.000001Z',
      '2020-05-03T00:00:00Z',
      '2020-05-01T10:00:00.000002Z',
      '2020-05-02T00:00:00Z',
      '2020-05-02T00:00:00Z',
      '2020-04-30T00:00:00Z',
    ];
    const { rows } = await t.db.query<{ id: string; at: string }>(
      `INSERT INTO audit_entries (at, actor_kind, action, target_type, target_id)
       SELECT t, 'system', 'webhook.secret-rotated', 'webhook-endpoint', 'order-check'
         FROM unnest($1::timestamptz[]) WITH ORDINALITY AS x (t, n) ORDER BY n
       RETURNING id::text, at::text`,
      [times],
    );
    const expected = [...rows]
      .sort((a, b) => (a.at === b.at ? Number(b.id) - Number(a.id) : a.at < b.at ? 1 : -1))
      .map((r) => Number(r.id));
    const filter = { targetType: 'webhook-endpoint' as const, targetId: 'order-check' };
    const paged: number[] = [];
    let cursor: string | undefined;
    do {
      const res = await admin
        .get('/api/audit-entries')
        .query({ ...filter, limit: 2, ...(cursor ? { cursor } : {}) });
      expectContract('listAuditEntries', res);
      paged.push(...res.body.entries.map((e: Entry) => e.id));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(expected);
    // A range: from is inclusive, to exclusive.
    const range = await entries({
      ...filter,
      from: '2020-05-01T10:00:00.000002Z',
      to: '2020-05-02T00:00:00Z',
    });
    expect(range.map((e) => e.id)).toEqual(expected.slice(3, 5));
    // The export in batches of two runs through the same order, each entry once.
    let csv = '';
    for await (const lines of auditCsvBatches(t.db, filter, 2)) csv += lines;
    const exported = csv
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(',')[0]);
    const byId = new Map(
      (await entries({ ...filter, limit: 10 })).map((e) => [e.id, (e as Entry & { at: string }).at]),
    );
    expect(exported).toEqual(expected.map((id) => byId.get(id)));
    expect(exported).toHaveLength(times.length);
  });

  /** The audit export of one action's entries, its body as text. */
  const exportOf = (action: string) =>
    admin
      .get('/api/audit-entries/export')
      .query({ action })
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      });

  it('exports the filtered entries as CSV, and records that export', async () => {
    const res = await exportOf('lead.status-changed');
    expectContract('exportAuditEntries', res);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFat,actor_kind,actor,ip,user_agent,request_id,action,target_type,target_id,changes,details',
    );
    expect(lines.slice(1).every((l) => l.includes(',lead.status-changed,'))).toBe(true);
    expect(lines).toHaveLength(2);
    expect(await latest('audit.exported')).toMatchObject({
      actor: { id: ids.admin },
      details: { filters: { action: 'lead.status-changed' } },
    });
  });

  it('writes each entry in the export as the page shows it: its time, actor, address, agent, target and changes', async () => {
    const failed = await latest('session.sign-in-failed');
    const changed = await latest('lead.status-changed');
    const csv = async (action: string) =>
      ((await exportOf(action)).body as string).trimEnd().split('\r\n').slice(1).map(cells);
    // RFC 4180 cells of one line (the entries written here hold no line breaks).
    const cells = (line: string) =>
      [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
        m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]!,
      );
    const asCells = (e: Entry & { at: string }) => [
      e.at,
      e.actor.kind,
      e.actor.username ?? '',
      e.ip ?? '',
      e.userAgent ?? '',
      e.requestId ?? '',
      e.action,
      e.target?.type ?? '',
      e.target?.id ?? '',
    ];
    for (const [entry, action] of [
      [failed, 'session.sign-in-failed'],
      [changed, 'lead.status-changed'],
    ] as const) {
      const row = (await csv(action))[0]!;
      expect(row.slice(0, 9)).toEqual(asCells(entry as Entry & { at: string }));
      expect(JSON.parse(row[9]!)).toEqual(entry.changes);
      expect(JSON.parse(row[10]!)).toEqual(entry.details);
    }
  });

  it('cannot be changed or removed, except by the retention job', async () => {
    const { id } = await latest('session.signed-in');
    await expect(t.db.query("UPDATE audit_entries SET action = 'x' WHERE id = $1", [id])).rejects.toThrow(
      /cannot be changed or removed/,
    );
    await expect(t.db.query('DELETE FROM audit_entries WHERE id = $1', [id])).rejects.toThrow(
      /cannot be changed or removed/,
    );
    await expect(t.db.query('TRUNCATE audit_entries')).rejects.toThrow(/cannot be changed or removed/);
    // The setting earlier versions let the retention job delete with opens nothing any more.
    await expect(
      inTransaction(t.db, async (c) => {
        await c.query("SET LOCAL lead_desk.audit_retention = 'on'");
        await c.query('DELETE FROM audit_entries WHERE id = $1', [id]);
      }),
    ).rejects.toThrow(/cannot be changed or removed/);
    expect((await t.db.query('SELECT 1 FROM audit_entries WHERE id = $1', [id])).rowCount).toBe(1);
  });

  describe('as the app role (docs/operations.md#database-roles)', () => {
    it('may add and read entries, and neither change nor remove them, with the old setting or without', async () => {
      const { id } = await latest('session.signed-in');
      const app = await t.appDb.connect();
      try {
        const refused = /permission denied/;
        await expect(
          inTransaction(t.appDb, async (c) => {
            await c.query("SET LOCAL lead_desk.audit_retention = 'on'");
            await c.query('DELETE FROM audit_entries WHERE id = $1', [id]);
          }),
        ).rejects.toThrow(refused);
        await expect(app.query('DELETE FROM audit_entries')).rejects.toThrow(refused);
        await expect(app.query("UPDATE audit_entries SET action = 'x' WHERE id = $1", [id])).rejects.toThrow(
          refused,
        );
        await expect(app.query('TRUNCATE audit_entries')).rejects.toThrow(refused);
        await expect(app.query('ALTER TABLE audit_entries DISABLE TRIGGER ALL')).rejects.toThrow(
          /must be owner/,
        );
        await expect(app.query('DROP TRIGGER audit_entries_no_delete ON audit_entries')).rejects.toThrow(
          /must be owner/,
        );
        await expect(
          app.query(
            'CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE sql AS $$ SELECT NULL::trigger $$',
          ),
        ).rejects.toThrow(/must be owner|permission denied/);
        const added = await app.query<{ id: string }>(
          `INSERT INTO audit_entries (actor_kind, action) VALUES ('system', 'retention.ran') RETURNING id`,
        );
        expect(added.rowCount).toBe(1);
        expect((await app.query('SELECT 1 FROM audit_entries WHERE id = $1', [id])).rowCount).toBe(1);
      } finally {
        app.release();
      }
    });

    it('deletes through the retention function only entries past their age, and never under 365 days', async () => {
      const app = await t.appDb.connect();
      try {
        // Entries 800, 400 and 100 days old.
        const { rows } = await app.query<{ id: string }>(
          `INSERT INTO audit_entries (actor_kind, action, at)
             SELECT 'system', 'retention.ran', now() - make_interval(days => d) FROM unnest(ARRAY[800, 400, 100]) d
           RETURNING id`,
        );
        const ids = rows.map((r) => r.id);
        const alive = async () =>
          (
            await app.query<{ id: string }>('SELECT id FROM audit_entries WHERE id = ANY($1) ORDER BY id', [
              ids,
            ])
          ).rows.map((r) => r.id);
        await expect(app.query('SELECT delete_expired_audit_entries(0, 1000)')).rejects.toThrow(
          /kept at least 365 days/,
        );
        await expect(app.query('SELECT delete_expired_audit_entries(364, 1000)')).rejects.toThrow(
          /kept at least 365 days/,
        );
        await expect(app.query('SELECT delete_expired_audit_entries(NULL, 1000)')).rejects.toThrow(
          /kept at least 365 days/,
        );
        expect(await alive()).toEqual(ids);
        const r730 = await app.query<{ n: number }>('SELECT delete_expired_audit_entries(730, 1000) AS n');
        expect(r730.rows[0]!.n).toBeGreaterThanOrEqual(1);
        expect(await alive()).toEqual(ids.slice(1));
        await app.query('SELECT delete_expired_audit_entries(365, 1000)');
        expect(await alive()).toEqual(ids.slice(2));
        // Its owner, deleting directly, is held to the same floor by the trigger.
        const owner = new pg.Client({ connectionString: t.ownerDatabaseUrl });
        await owner.connect();
        try {
          await expect(owner.query('DELETE FROM audit_entries WHERE id = $1', [ids[2]])).rejects.toThrow(
            /cannot be changed or removed/,
          );
        } finally {
          await owner.end();
        }
        expect(await alive()).toEqual(ids.slice(2));
      } finally {
        app.release();
      }
    });

    it('owns no schema, table, sequence, function or type, and is no superuser nor member of the owner', async () => {
      const owned = await t.appDb.query<{ kind: string; name: string }>(
        `SELECT 'schema' AS kind, nspname::text AS name FROM pg_namespace WHERE nspowner = current_user::text::regrole
         UNION ALL SELECT 'relation', oid::regclass::text FROM pg_class WHERE relowner = current_user::text::regrole
         UNION ALL SELECT 'function', oid::regprocedure::text FROM pg_proc WHERE proowner = current_user::text::regrole
         UNION ALL SELECT 'type', oid::regtype::text FROM pg_type WHERE typowner = current_user::text::regrole
         UNION ALL SELECT 'database', datname::text FROM pg_database WHERE datdba = current_user::text::regrole`,
      );
      expect(owned.rows).toEqual([]);
      const [me] = (
        await t.appDb.query(
          `SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,
                  (SELECT count(*)::int FROM pg_auth_members WHERE member = current_user::text::regrole) AS memberships
             FROM pg_roles WHERE rolname = current_user`,
        )
      ).rows;
      expect(me).toEqual({
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolbypassrls: false,
        memberships: 0,
      });
      // The tables the migrations made belong to the owner role.
      const { rows } = await t.appDb.query<{ owner: string }>(
        `SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class
          WHERE relnamespace IN ('public'::regnamespace, 'graphile_worker'::regnamespace) AND relkind = 'r'`,
      );
      expect(rows).toEqual([{ owner: new URL(t.ownerDatabaseUrl).username }]);
    });
  });
});
