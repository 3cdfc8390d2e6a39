import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { truncate, type TestApp } from './harness.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { eventually, type TestSmtp } from './smtp.ts';

// The follow-up of every contact, get-started and demo lead, through a real SMTP server.

const SALES = ['sales@textflow.example', 'desk@textflow.example'];
let smtp: TestSmtp;
let t: TestApp;
let admin: MailApp['admin'];
let app: MailApp;

beforeAll(async () => {
  app = await startMailApp({
    salesNotifyTo: SALES,
    mailFrom: 'TextFlow <hello@textflow.example>',
    publicUrl: 'https://textflow.example',
  });
  ({ smtp, t, admin } = app);
});
afterAll(() => app.close());
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.setVerdict(() => 'accept');
  await truncate(t.db, `contact_submissions, demo_requests, get_started_requests, ${FOLLOW_UP_TABLES}`);
});

const message = async (id: number) =>
  (await t.db.query('SELECT * FROM mail_messages WHERE id = $1', [id])).rows[0];
const messagesOf = async (kind: string, id: number) =>
  (
    await t.db.query('SELECT * FROM mail_messages WHERE lead_kind = $1 AND lead_id = $2 ORDER BY template', [
      kind,
      id,
    ])
  ).rows;

describe('a new lead', () => {
  it('alerts the sales team with its fields and a desk link, and acknowledges the prospect in the words the site promised', async () => {
    const res = await t.request().post('/api/contact').send({
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      company: 'Engines & Co',
      service: 'sms-ai',
      message: 'Please call me about <b>SMS</b>.',
    });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    await smtp.waitFor(2);
    const alert = smtp.received.find((r) => r.to.includes(SALES[0]!))!;
    const ack = smtp.received.find((r) => r.to.includes('ada@example.com'))!;

    expect(alert.to).toEqual(SALES);
    expect(alert.mail.subject).toBe('New contact message: Ada Lovelace (Engines & Co)');
    expect(alert.mail.replyTo?.text).toBe('ada@example.com');
    expect(alert.mail.from?.value[0]).toMatchObject({ name: 'TextFlow', address: 'hello@textflow.example' });
    expect(alert.mail.html).toContain('SMS &amp; AI Messaging');
    expect(alert.mail.html).toContain('Please call me about &lt;b&gt;SMS&lt;/b&gt;.');
    expect(alert.mail.html).toContain(`href="https://textflow.example/admin/contacts/${id}"`);
    expect(alert.mail.text).toContain('Service: SMS & AI Messaging');
    expect(alert.mail.text).toContain('100 Market Street, Suite 300'); // the company's contact lines
    expect(alert.mail.messageId).toBe(
      `<sales-alert.contact-${id}.r0.m${(await messagesOf('contact', id))[1].id}@textflow.example>`,
    );

    expect(ack.to).toEqual(['ada@example.com']);
    expect(ack.mail.subject).toBe('We received your message');
    expect(ack.mail.text).toContain("We'll get back to you within 24 hours.");
    expect(ack.mail.text).toContain('Service: SMS & AI Messaging');
    expect(ack.mail.html).not.toContain('Ada Lovelace');

    const rows = await eventually(async () => {
      const r = await messagesOf('contact', id);
      return r.every((m) => m.status === 'sent') ? r : undefined;
    });
    expect(rows.map((m) => [m.template, m.status, m.attempts])).toEqual([
      ['acknowledgment', 'sent', 1],
      ['sales-alert', 'sent', 1],
    ]);
    expect(rows[1].smtp_response).toContain('Queued as test');

    const history = await admin.get(`/api/leads/contact/${id}/history`);
    expectContract('getLeadHistory', history);
    const types = history.body.events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe('received');
    expect(types.filter((x: string) => x === 'queued')).toHaveLength(2);
    expect(types.filter((x: string) => x === 'sent')).toHaveLength(2);
    const shown = await admin.get(`/api/mail-messages/${rows[1].id}`);
    expectContract('getMailMessage', shown);
    expect(shown.body).toMatchObject({ status: 'sent', recipients: SALES, canResend: false });
    expect(shown.body.html).toBe(alert.mail.html);
    expect(shown.body.text.trim()).toBe(alert.mail.text?.trim());
  });

  it.each([
    ['/api/get-started', 'get-started', 'Our team will contact you within 24 hours to get you started.'],
    ['/api/demo', 'demo', "We'll send you a calendar invitation shortly."],
  ])('%s: the acknowledgment says what the site promised', async (path, kind, promise) => {
    const res = await t
      .request()
      .post(path)
      .send({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        ...(kind === 'demo' ? { preferredTime: 'evening' } : { monthlyVolume: '1m+' }),
      });
    await smtp.waitFor(2);
    const ack = smtp.received.find((r) => r.to.includes('grace@example.com'))!;
    expect(ack.mail.text).toContain(promise);
    const alert = smtp.received.find((r) => r.to.includes(SALES[0]!))!;
    expect(alert.mail.text).toContain(
      kind === 'demo' ? 'Preferred time: Evening (5PM-8PM)' : 'Monthly volume: 1m+',
    );
    expect(alert.mail.text).toContain(
      `https://textflow.example/admin/${kind === 'demo' ? 'demos' : kind}/${res.body.id}`,
    );
  });
});

describe('an acknowledgment to whatever address a form was given', () => {
  const phishing = {
    name: 'Your account is locked: visit https://evil.example/unlock',
    email: 'victim@example.com',
    company: 'Call +1 555 0199 now',
    phone: '+1 555 0199',
    message: 'Reset your password at https://evil.example/reset before midnight.',
  };
  const typed = ['evil.example', 'locked', '555 0199', 'midnight'];

  it.each([
    ['/api/contact', { service: 'sms-ai' }, ['Service: SMS & AI Messaging']],
    ['/api/get-started', { service: 'sms-ai', monthlyVolume: '1m+' }, ['Monthly volume: 1m+']],
    ['/api/demo', { preferredTime: 'evening' }, ['Preferred time: Evening (5PM-8PM)']],
  ])(
    '%s: holds nothing the visitor typed, only the labels of what they chose',
    async (path, options, labels) => {
      const res = await t
        .request()
        .post(path)
        .send({ ...phishing, ...options });
      expect(res.status).toBe(201);
      await smtp.waitFor(2);
      const ack = smtp.received.find((r) => r.to.includes('victim@example.com'))!;
      const whole = `${ack.mail.subject}\n${ack.mail.text}\n${ack.mail.html}\n${ack.raw.toString('utf8')}`;
      for (const words of typed) expect(whole, words).not.toContain(words);
      for (const label of labels) expect(ack.mail.text).toContain(label);
      // The sales team still sees every word, to judge the lead.
      const alert = smtp.received.find((r) => r.to.includes(SALES[0]!))!;
      expect(alert.mail.text).toContain(phishing.message);
    },
  );

  it('goes to one address at most 3 times a day; the leads are stored and alert the sales team all the same', async () => {
    const send = (i: number) =>
      t
        .request()
        .post('/api/contact')
        .send({
          name: `Flood ${i}`,
          email: i % 2 ? 'Inbox@Example.com' : 'inbox@example.com',
          message: `Lead number ${i}, please call.`,
        });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(i)).body.id as number);
    // Two more at once, as one batch or two: the count holds either way.
    const more = await Promise.all([send(3), send(4)]);
    ids.push(...more.map((r) => r.body.id as number));
    expect(more.map((r) => r.status)).toEqual([201, 201]);
    await smtp.waitFor(8);
    // Nothing more is coming: every message is sent and the worker has no job left.
    await eventually(async () => {
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM mail_messages WHERE status IN ('queued', 'sending'))
              + (SELECT count(*) FROM graphile_worker.jobs) AS n`,
      );
      return Number(rows[0]!.n) === 0 ? true : undefined;
    });
    const toInbox = smtp.received.filter((r) => r.to.includes('inbox@example.com'));
    expect(toInbox).toHaveLength(3);
    expect(smtp.received.filter((r) => r.to.includes(SALES[0]!))).toHaveLength(5);
    const stored = await t.db.query('SELECT id FROM contact_submissions');
    expect(stored.rowCount).toBe(5);
    const acks = await t.db.query(
      `SELECT lead_id FROM mail_messages WHERE template = 'acknowledgment' ORDER BY lead_id`,
    );
    expect(acks.rows.map((r) => Number(r.lead_id))).toEqual(ids.slice(0, 3));
    // Another address is not held back by it.
    await t
      .request()
      .post('/api/contact')
      .send({ name: 'Other One', email: 'other@example.com', message: 'Please call me back.' });
    await smtp.waitFor(10, 20_000, () => smtp.received.some((r) => r.to.includes('other@example.com')));
  });

  it('counts a new day afresh', async () => {
    await t.db.query(
      `INSERT INTO acknowledgment_counts (recipient, day, queued) VALUES ('daily@example.com', (now() AT TIME ZONE 'UTC')::date - 1, 3)`,
    );
    await t
      .request()
      .post('/api/contact')
      .send({ name: 'Next Day', email: 'daily@example.com', message: 'Please call me again.' });
    await smtp.waitFor(2, 20_000, () => smtp.received.some((r) => r.to.includes('daily@example.com')));
    const count = await t.db.query(
      `SELECT queued FROM acknowledgment_counts WHERE recipient = 'daily@example.com'`,
    );
    expect(count.rows[0].queued).toBe(1);
  });
});

describe('delivery that neither loses nor repeats', () => {
  it('sends many messages over a few pooled connections', async () => {
    const before = smtp.connections();
    await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t
          .request()
          .post('/api/contact')
          .send({ name: `Pooled ${i}`, email: `pool${i}@example.com`, message: 'One of many.' }),
      ),
    );
    // Their acknowledgments (the alerts past the sales team's ten of a minute wait for its digest,
    // docs/product.md#alert-digests).
    await eventually(async () =>
      smtp.received.filter((r) => r.to.some((to) => to.startsWith('pool'))).length === 15 ? true : undefined,
    );
    expect(smtp.connections() - before).toBeLessThanOrEqual(8);
  });

  it('retries a temporary failure (451) with a growing delay until the server takes it, once', async () => {
    let refusals = 0;
    smtp.setVerdict((to) => {
      if (to.includes('tmp@example.com') && refusals === 0) {
        refusals += 1;
        return { code: 451, message: '4.3.0 Mailbox busy, try later' };
      }
      return 'accept';
    });
    const res = await t
      .request()
      .post('/api/contact')
      .send({ name: 'Tem Porary', email: 'tmp@example.com', message: 'Retry me, please.' });
    const ack = await eventually(async () => {
      const m = (await messagesOf('contact', res.body.id)).find((r) => r.template === 'acknowledgment');
      return m.status === 'sent' ? m : undefined;
    });
    expect(ack.attempts).toBe(2);
    expect(ack.last_error).toContain('Mailbox busy');
    expect(smtp.received.filter((r) => r.to.includes('tmp@example.com'))).toHaveLength(1);
    const history = (await admin.get(`/api/leads/contact/${res.body.id}/history`)).body.events as {
      type: string;
      detail: string;
    }[];
    const mine = history.filter((e) => e.type === 'retrying' || e.type === 'sent').map((e) => e.type);
    expect(mine).toEqual(expect.arrayContaining(['retrying', 'sent', 'sent']));
    expect(history.find((e) => e.type === 'retrying')!.detail).toContain('451');
  });

  it('fails a permanent refusal (550) at once with the server’s reason; the desk can send it again, once', async () => {
    smtp.setVerdict((to) =>
      to.includes('nobody@example.com') ? { code: 550, message: '5.1.1 No such user here' } : 'accept',
    );
    const res = await t
      .request()
      .post('/api/contact')
      .send({ name: 'No Body', email: 'nobody@example.com', message: 'I do not exist.' });
    const failed = await eventually(async () => {
      const m = (await messagesOf('contact', res.body.id)).find((r) => r.template === 'acknowledgment');
      return m.status === 'failed' ? m : undefined;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain('No such user here');
    const health = await admin.get('/api/admin/delivery');
    expectContract('getDeliveryHealth', health);
    expect(health.body).toMatchObject({ failed: 1, emailConfigured: true });
    expect(health.body.lastError).toMatchObject({
      messageId: failed.id,
      leadKind: 'contact',
      leadId: res.body.id,
    });

    smtp.setVerdict(() => 'accept');
    const again = await admin.post(`/api/mail-messages/${failed.id}/resend`);
    expectContract('resendMailMessage', again);
    expect(again.status).toBe(202);
    await eventually(async () => ((await message(failed.id)).status === 'sent' ? true : undefined));
    expect(smtp.received.filter((r) => r.to.includes('nobody@example.com'))).toHaveLength(1);
    const twice = await admin.post(`/api/mail-messages/${failed.id}/resend`);
    expectContract('resendMailMessage', twice);
    expect(twice.status).toBe(409);
    expect((await admin.post('/api/mail-messages/999999/resend')).status).toBe(404);
  });
});
