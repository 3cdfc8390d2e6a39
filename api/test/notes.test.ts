import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { contact } from './lead-helpers.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { eventually } from './smtp.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';
import { createEndpoint } from './webhook-app.ts';
import { expectAllValid, startReceiver, waitFor, type Receiver } from './webhook-receivers.ts';

interface Note {
  id: number;
  at: string;
  author: { id: number; username: string };
  text: string | null;
  deletableUntil: string;
  deleted: { at: string; by: { id: number; username: string } } | null;
}

const MINUTE = 60_000;

describe('notes on a lead', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createTeam>>;
  let member: supertest.Agent;
  let viewer: supertest.Agent;
  let admin: supertest.Agent;
  let leadId: number;

  const notesOf = (kind: string, id: number) => `/api/leads/${kind}/${id}/notes`;

  async function write(agent: supertest.Agent, text: unknown, kind = 'contact', id = leadId) {
    const res = await agent.post(notesOf(kind, id)).send({ text });
    expectContract('createLeadNote', res);
    return res;
  }
  async function list(agent: supertest.Agent, kind = 'contact', id = leadId): Promise<Note[]> {
    const res = await agent.get(notesOf(kind, id));
    expectContract('listLeadNotes', res);
    expect(res.status).toBe(200);
    return res.body.notes as Note[];
  }
  async function remove(agent: supertest.Agent, noteId: number, kind = 'contact', id = leadId) {
    const res = await agent.delete(`${notesOf(kind, id)}/${noteId}`);
    expectContract('deleteLeadNote', res);
    return res;
  }
  async function audit(action: string) {
    const res = await admin.get('/api/audit-entries').query({ action, limit: 200 });
    expectContract('listAuditEntries', res);
    return res.body.entries as {
      actor: { id: number | null };
      target: { type: string; id: string } | null;
      details: Record<string, unknown>;
      changes: Record<string, unknown>;
    }[];
  }
  /** A note written `minutesAgo` minutes ago, straight into the table (the API always writes "now"). */
  async function oldNote(authorId: number, minutesAgo: number, text = 'Written a while ago.') {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO lead_notes (lead_kind, lead_id, author_id, body, created_at)
       VALUES ('contact', $1, $2, $3, clock_timestamp() - make_interval(mins => $4)) RETURNING id`,
      [leadId, authorId, text, minutesAgo],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0 });
    ids = await createTeam(t);
    member = await signedIn(t, 'member');
    viewer = await signedIn(t, 'viewer');
    admin = await signedIn(t, 'admin');
    const created = await t.request().post('/api/contact').send(contact);
    expect(created.status).toBe(201);
    leadId = created.body.id as number;
  });
  afterAll(() => t.close());

  it("stores a member's note trimmed, with its author and time, and lists it to a viewer", async () => {
    const before = Date.now();
    const res = await write(member, '  Called back: wants 10k SMS a month.\nSend pricing.  \n');
    expect(res.status).toBe(201);
    const note = res.body as Note;
    expect(note).toMatchObject({
      author: { id: ids.member, username: 'member' },
      text: 'Called back: wants 10k SMS a month.\nSend pricing.',
      deleted: null,
    });
    expect(Date.parse(note.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(note.deletableUntil) - Date.parse(note.at)).toBe(15 * MINUTE);
    expect((await list(viewer)).find((n) => n.id === note.id)).toEqual(note);
  });

  it("takes exactly 5000 characters and refuses an empty, blank, missing or longer note with the field's message", async () => {
    const count = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM lead_notes')).rows[0].n as number;
    const stored = await count();
    for (const [text, message] of [
      ['', 'Note must not be empty'],
      [' \n\t ', 'Note must not be empty'],
      ['x'.repeat(5001), 'Note must be at most 5000 characters'],
      [42, 'Note must be text'],
    ] as const) {
      const res = await write(member, text);
      expect(res.status, JSON.stringify(text).slice(0, 20)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.errors).toContainEqual({ path: '/text', message });
    }
    const missing = await member.post(notesOf('contact', leadId)).send({});
    expectContract('createLeadNote', missing);
    expect(missing.status).toBe(400);
    const control = await write(member, 'bell \u0007');
    expect(control.status).toBe(400);
    expect(await count()).toBe(stored);

    const longest = await write(member, 'y'.repeat(5000));
    expect(longest.status).toBe(201);
    expect((longest.body as Note).text).toHaveLength(5000);
  });

  it('answers 404 for a lead that does not exist, and for a note of another lead', async () => {
    expect((await write(member, 'Nobody here.', 'contact', 987654)).status).toBe(404);
    expect((await write(member, 'Wrong kind.', 'demo', leadId)).status).toBe(404);
    const listed = await member.get(notesOf('demo', 987654));
    expectContract('listLeadNotes', listed);
    expect(listed.status).toBe(404);

    const mine = (await write(member, 'On the contact.')).body as Note;
    const demo = await t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect((await remove(member, mine.id, 'demo', demo.body.id as number)).status).toBe(404);
    expect((await remove(member, 987654)).status).toBe(404);
    expect((await list(member)).find((n) => n.id === mine.id)?.text).toBe('On the contact.');
  });

  it('lets viewers read but not write or delete, and signed-out clients nothing', async () => {
    const refused = await write(viewer, 'A viewer tries.');
    expect(refused.status).toBe(403);
    expect(refused.body.requiredRole).toBe('member');
    const note = (await write(member, 'Only members write.')).body as Note;
    const del = await remove(viewer, note.id);
    expect(del.status).toBe(403);
    expect(del.body.requiredRole).toBe('member');
    expect((await list(viewer)).map((n) => n.text)).not.toContain('A viewer tries.');

    const anonymous = t.request().set('Origin', t.baseUrl);
    expect((await anonymous.get(notesOf('contact', leadId))).status).toBe(401);
    expect((await anonymous.post(notesOf('contact', leadId)).send({ text: 'Hi' })).status).toBe(401);
    expect((await anonymous.delete(`${notesOf('contact', leadId)}/${note.id}`)).status).toBe(401);
  });

  it('lets the author delete their note within 15 minutes: the text goes, who and when stay', async () => {
    const note = (await write(member, 'Wrong lead, sorry.')).body as Note;
    const res = await remove(member, note.id);
    expect(res.status).toBe(200);
    const deleted = res.body as Note;
    expect(deleted).toMatchObject({ id: note.id, text: null, author: { username: 'member' } });
    expect(deleted.deleted).toMatchObject({ by: { id: ids.member, username: 'member' } });
    expect((await list(viewer)).find((n) => n.id === note.id)).toEqual(deleted);
    const { rows } = await t.db.query('SELECT body FROM lead_notes WHERE id = $1', [note.id]);
    expect(rows[0].body).toBeNull();

    const again = await remove(member, note.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already deleted');
  });

  it("refuses to delete someone else's note (403) and a note older than 15 minutes (409), keeping both", async () => {
    const theirs = (await write(member, "The member's note.")).body as Note;
    const other = await remove(admin, theirs.id);
    expect(other.status).toBe(403);
    expect(other.body.requiredRole).toBeUndefined();
    expect(other.body.detail).toBe('Only the author of a note may delete it.');
    const owner = await signedIn(t, 'owner');
    expect((await remove(owner, theirs.id)).status).toBe(403);

    const stale = await oldNote(ids.member, 16);
    const late = await remove(member, stale);
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('within 15 minutes');
    const recent = await oldNote(ids.member, 14, 'Still in time.');
    expect((await remove(member, recent)).status).toBe(200);

    const notes = await list(member);
    expect(notes.find((n) => n.id === theirs.id)?.text).toBe("The member's note.");
    expect(notes.find((n) => n.id === stale)?.text).toBe('Written a while ago.');
  });

  it('records writing and deleting in the audit log, with the note id and never its text', async () => {
    const text = 'Budget approved by the CFO, 3 seats.';
    const note = (await write(member, text)).body as Note;
    expect((await remove(member, note.id)).status).toBe(200);
    const refused = await oldNote(ids.member, 30);
    expect((await remove(member, refused)).status).toBe(409);

    const created = (await audit('note.created')).find((e) => e.details.noteId === note.id);
    expect(created).toMatchObject({
      actor: { id: ids.member },
      target: { type: 'contact', id: String(leadId) },
      details: { noteId: note.id },
    });
    const deletions = await audit('note.deleted');
    expect(deletions.find((e) => e.details.noteId === note.id)).toMatchObject({
      actor: { id: ids.member },
      target: { type: 'contact', id: String(leadId) },
    });
    // A refused deletion changes nothing, so it records nothing.
    expect(deletions.find((e) => e.details.noteId === refused)).toBeUndefined();
    const everything = await admin.get('/api/audit-entries').query({ limit: 200 });
    expect(JSON.stringify(everything.body)).not.toContain('Budget approved');
  });

  it('is append-only in the database too: no edit, no removal, no second deletion', async () => {
    const note = (await write(member, 'Keep me.')).body as Note;
    await expect(
      t.db.query(`UPDATE lead_notes SET body = 'Changed' WHERE id = $1`, [note.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM lead_notes WHERE id = $1', [note.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('TRUNCATE lead_notes')).rejects.toThrow(/append-only/);
    expect((await remove(member, note.id)).status).toBe(200);
    await expect(
      t.db.query('UPDATE lead_notes SET deleted_at = clock_timestamp() WHERE id = $1', [note.id]),
    ).rejects.toThrow(/append-only/);
  });
});

describe('what leaves the desk', () => {
  let app: MailApp;
  let receiver: Receiver;
  beforeAll(async () => {
    app = await startMailApp({ webhookAllowHttp: true, webhookAllowPrivate: true });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.close();
  });

  it("never puts a note's text in a webhook payload or an email to the prospect", async () => {
    const secret = 'NOTE-TEXT-7f3a: prospect is price sensitive';
    await createEndpoint(app.admin, receiver);
    // The prospect's server refuses the acknowledgment at first, so it can be sent again once the
    // lead has a note.
    app.smtp.setVerdict((to) =>
      to.includes('grace@example.com') ? { code: 550, message: 'mailbox unavailable' } : 'accept',
    );
    const demo = await app.t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect(demo.status).toBe(201);
    const id = demo.body.id as number;
    const ack = await eventually(async () => {
      const history = await app.admin.get(`/api/leads/demo/${id}/history`);
      return (history.body.messages as { id: number; template: string; status: string }[]).find(
        (m) => m.template === 'acknowledgment' && m.status === 'failed',
      );
    });
    const note = await app.admin.post(`/api/leads/demo/${id}/notes`).send({ text: secret });
    expect(note.status).toBe(201);

    // Everything that carries the lead after the note exists: a status change (its webhook) and
    // the acknowledgment sent again, now accepted.
    app.smtp.setVerdict(() => 'accept');
    expect((await app.admin.patch(`/api/demos/${id}`).send({ status: 'confirmed' })).status).toBe(200);
    expect((await app.admin.post(`/api/mail-messages/${ack.id}/resend`)).status).toBe(202);
    await app.smtp.waitFor(0, 20_000, () =>
      app.smtp.received.some((m) => m.to.includes('grace@example.com')),
    );
    await waitFor(
      'the status change webhook',
      () => receiver.received.some((r) => r.payload.type === 'lead.status_changed') || undefined,
    );

    expectAllValid(receiver);
    expect(receiver.received.map((r) => r.payload.type)).toEqual(
      expect.arrayContaining(['lead.created', 'lead.status_changed']),
    );
    for (const r of receiver.received) expect(JSON.stringify(r.payload)).not.toContain('NOTE-TEXT');
    for (const m of app.smtp.received) expect(m.raw.toString('utf8')).not.toContain('NOTE-TEXT');
  });
});
