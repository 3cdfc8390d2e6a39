import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { eventually } from './smtp.ts';
import { challengeWith, solve } from './spam-helpers.ts';
import { createEndpoint } from './webhook-app.ts';
import { expectAllValid, startReceiver, waitFor, type Receiver } from './webhook-receivers.ts';
import type { Challenge } from 'altcha-lib/types';

const SALES = 'sales@textflow.example';
let app: MailApp;
let receiver: Receiver;
beforeAll(async () => {
  app = await startMailApp({
    spamChallenge: 'enforce',
    salesNotifyTo: [SALES],
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
  });
  receiver = await startReceiver();
  await createEndpoint(app.admin, receiver, { events: ['lead.created'] });
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

const challenge = async () => (await app.t.request().get('/api/spam-challenge')).body as Challenge;
const recipients = () => app.smtp.received.flatMap((m) => m.to);
const webhookLeads = () => receiver.received.map((r) => (r.payload.data.lead as { email: string }).email);

describe('SPAM_CHALLENGE=enforce (docs/product.md#spam)', () => {
  it('holds a lead whose solution was refused, with no email and no webhook, until "Not spam"', async () => {
    const held = await app.t
      .request()
      .post('/api/contact')
      .send({
        name: 'Spam Bot',
        email: 'bot@example.com',
        message: 'Buy cheap things now!',
        utmSource: 'x',
        altcha: Buffer.from('{"number":1}').toString('base64'),
      });
    // The sender is told nothing else: the answer of any new lead.
    expectContract('createContact', held);
    expect(held.status).toBe(201);
    const expired = await challengeWith(app.t.config.spamChallengeKey!, new Date(Date.now() - 1));
    const late = await app.t
      .request()
      .post('/api/demo')
      .send({ name: 'Late Bot', email: 'late@example.com', altcha: await solve(expired) });
    expect(late.status).toBe(201);

    // A lead with a solution goes through, and its email and webhook come after the held ones would have.
    const passed = await app.t
      .request()
      .post('/api/contact')
      .send({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Please call me back.',
        altcha: await solve(await challenge()),
      });
    expect(passed.status).toBe(201);
    await eventually(
      async () => (recipients().includes('ada@example.com') && recipients().includes(SALES)) || undefined,
    );
    await waitFor('the webhook of the passing lead', () => receiver.received.length >= 1 || undefined);
    expect(recipients()).not.toContain('bot@example.com');
    expect(recipients()).not.toContain('late@example.com');
    expect(webhookLeads()).toEqual(['ada@example.com']);

    // Not in the lists, the counts or the overview; in the desk's suspected spam, with the reason.
    const list = await app.admin.get('/api/contacts');
    expect(list.body.contacts.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);
    const overview = await app.admin.get('/api/admin/overview');
    expect(overview.body.counts).toMatchObject({ contacts: 1, demos: 0 });
    expect(overview.body.sources).toEqual([{ source: 'direct', leads: 1 }]);
    const spam = await app.admin.get('/api/suspected-spam');
    expectContract('listSuspectedSpam', spam);
    expect(spam.body.total).toBe(2);
    expect(
      spam.body.items.map((s: { kind: string; id: number; reason: string }) => [s.kind, s.id, s.reason]),
    ).toEqual([
      ['demo', late.body.id, 'expired'],
      ['contact', held.body.id, 'invalid'],
    ]);

    // "Not spam": into the normal flow, with its id and date, its emails and its webhook.
    const alertsBefore = app.smtp.received.filter((m) => m.to.includes(SALES)).length;
    const released = await app.admin.post(`/api/suspected-spam/contact/${held.body.id}/release`);
    expectContract('releaseSuspectedSpam', released);
    expect(released.body).toEqual({ kind: 'contact', id: held.body.id });
    const lead = await app.admin.get(`/api/contacts/${held.body.id}`);
    expect(lead.body).toMatchObject({
      createdAt: held.body.createdAt,
      email: 'bot@example.com',
      spamCheck: 'invalid',
      verified: false,
      attribution: { utmSource: 'x' },
    });
    await eventually(
      async () =>
        (recipients().includes('bot@example.com') &&
          app.smtp.received.filter((m) => m.to.includes(SALES)).length > alertsBefore) ||
        undefined,
    );
    await waitFor('the released lead webhook', () => receiver.received.length >= 2 || undefined);
    expectAllValid(receiver);
    expect(webhookLeads()).toEqual(['ada@example.com', 'bot@example.com']);
    expect((await app.admin.get('/api/admin/overview')).body.counts.contacts).toBe(2);

    // Once: a second release finds nothing; the audit log records who released what.
    const again = await app.admin.post(`/api/suspected-spam/contact/${held.body.id}/release`);
    expectContract('releaseSuspectedSpam', again);
    expect(again.status).toBe(404);
    const audit = await app.admin.get('/api/audit-entries').query({ action: 'lead.released-from-spam' });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ target: { type: 'contact', id: String(held.body.id) } });
    expect((await app.admin.get('/api/suspected-spam')).body.total).toBe(1);
  });

  it('lets a lead posted without JavaScript reach the lists, marked not verified; the honeypot still stops one', async () => {
    const form = (body: Record<string, string>) =>
      app.t.request().post('/api/get-started').type('form').send(body);
    const before = (await app.admin.get('/api/get-started')).body.total as number;
    // A browser without JavaScript sends no solution: no other signal says spam.
    const plain = await form({ name: 'Noscript Visitor', email: 'noscript@example.com', company: 'Lynx' });
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toBe('/forms/get-started-sent');
    // The honeypot, and a solution refused, still say spam.
    const bot = await form({
      name: 'Form Bot',
      email: 'formbot@example.com',
      website: 'https://spam.example',
    });
    expect(bot.headers.location).toBe('/forms/get-started-sent');
    const forged = await form({
      name: 'Forged Bot',
      email: 'forged@example.com',
      altcha: Buffer.from('{"algorithm":"SHA-256"}').toString('base64'),
    });
    expect(forged.headers.location).toBe('/forms/get-started-sent');

    const list = await app.admin.get('/api/get-started');
    expectContract('listGetStartedRequests', list);
    expect(list.body.total).toBe(before + 1);
    const lead = list.body.requests.find((r: { email: string }) => r.email === 'noscript@example.com');
    expect(lead).toMatchObject({ spamCheck: 'missing', verified: false, status: 'pending' });
    const detail = await app.admin.get(`/api/get-started/${lead.id}`);
    expectContract('getGetStartedRequest', detail);
    expect(detail.body).toMatchObject({ spamCheck: 'missing', verified: false });
    // It is followed up like any lead: the team's alert and the prospect's acknowledgment.
    await eventually(async () => recipients().includes('noscript@example.com') || undefined);
    const { rows } = await app.t.db.query(
      `SELECT fields ->> 'email' AS email, reason FROM suspected_spam WHERE lead_kind = 'get-started'`,
    );
    expect(rows).toEqual([{ email: 'forged@example.com', reason: 'invalid' }]);
    const everywhere = await app.t.db.query(
      `SELECT (SELECT count(*) FROM get_started_requests WHERE email = 'formbot@example.com')::int
            + (SELECT count(*) FROM suspected_spam WHERE fields ->> 'email' = 'formbot@example.com')::int AS n`,
    );
    expect(everywhere.rows[0].n).toBe(0);

    // A lead that passed is verified.
    const passed = await app.t
      .request()
      .post('/api/get-started')
      .send({ name: 'Script Visitor', email: 'script@example.com', altcha: await solve(await challenge()) });
    expect((await app.admin.get(`/api/get-started/${passed.body.id}`)).body).toMatchObject({
      spamCheck: 'passed',
      verified: true,
    });
  });

  it('deletes suspected spam after 30 days', async () => {
    await app.t.db.query(
      `INSERT INTO suspected_spam (lead_kind, id, created_at, reason, fields)
       VALUES ('contact', 9001, now() - interval '31 days', 'missing', '{}'), ('contact', 9002, now() - interval '29 days', 'missing', '{}')`,
    );
    const { sweepSpam } = await import('../src/spam/spam.repo.ts');
    await sweepSpam(app.t.db);
    const { rows } = await app.t.db.query<{ id: string }>(`SELECT id FROM suspected_spam WHERE id > 9000`);
    expect(rows.map((r) => Number(r.id))).toEqual([9002]);
  });
});
