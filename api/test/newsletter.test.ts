import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_KEY, signToken } from '../src/newsletter/tokens.ts';
import { createSecrets } from '../src/secrets/secrets.ts';
import { FOLLOW_UP_TABLES, subscriberId } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { truncate, type TestApp } from './harness.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { type TestSmtp } from './smtp.ts';

// Double opt-in, one-click unsubscribe and one answer for every address (docs/product.md#leads).

let smtp: TestSmtp;
let t: TestApp;
let admin: MailApp['admin'];
let app: MailApp;

beforeAll(async () => {
  app = await startMailApp({ publicUrl: 'https://textflow.example' });
  ({ smtp, t, admin } = app);
});
afterAll(() => app.close());
beforeEach(async () => {
  smtp.received.length = 0;
  await truncate(t.db, `newsletter_subscribers, idempotency_keys, ${FOLLOW_UP_TABLES}`);
});

const subscribe = (email: string, extra: Record<string, string> = {}) =>
  t
    .request()
    .post('/api/newsletter')
    .send({ email, ...extra });
const status = async (email: string) =>
  (await t.db.query('SELECT status FROM newsletter_subscribers WHERE email = $1', [email])).rows[0]?.status;
const mailTo = (email: string) => smtp.received.filter((r) => r.to.includes(email));
/** The raw answer without what differs by nature between two requests: its id and date. */
const bytes = (res: { status: number; headers: Record<string, string>; text: string }) => {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return JSON.stringify({ status: res.status, headers, body: res.text });
};
const linkIn = (html: string, path: string) =>
  new URL(
    new RegExp(`href="(https://textflow\\.example${path}\\?token=[^"]+)"`)
      .exec(html)![1]!
      .replaceAll('&amp;', '&'),
  );

describe('newsletter', () => {
  it('answers byte for byte the same for a new, pending, active and inactive address, and for a bot', async () => {
    await subscribe('pending@example.com');
    await subscribe('active@example.com');
    await subscribe('inactive@example.com');
    await t.db.query(
      `UPDATE newsletter_subscribers SET status = 'active' WHERE email = 'active@example.com'`,
    );
    await t.db.query(
      `UPDATE newsletter_subscribers SET status = 'inactive' WHERE email = 'inactive@example.com'`,
    );
    const answers = [
      await subscribe('new@example.com'),
      await subscribe('pending@example.com'),
      await subscribe('active@example.com'),
      await subscribe('INACTIVE@example.com'),
      await subscribe('bot@example.com', { website: 'https://spam.example' }),
    ];
    for (const a of answers) expectContract('subscribeNewsletter', a);
    expect(answers[0]!.status).toBe(202);
    expect(answers[0]!.text).toBe('{"accepted":true}');
    expect(new Set(answers.map(bytes)).size).toBe(1);
    // ...and the inactive address stays inactive: only its owner's confirmation reactivates it.
    expect(await status('inactive@example.com')).toBe('inactive');
    expect(await status('active@example.com')).toBe('active');
    expect(await status('bot@example.com')).toBeUndefined();
  });

  it('confirms by the emailed link (valid 7 days), records the consent, and unsubscribes in one click', async () => {
    const res = await t
      .request()
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: 'Reader@Example.com' });
    expect(res.status).toBe(202);
    expect(await status('reader@example.com')).toBe('pending');
    await smtp.waitFor(1, 20_000, () => mailTo('reader@example.com').length >= 1);
    const [mail] = mailTo('reader@example.com');
    expect(mail!.to).toEqual(['reader@example.com']);
    expect(mail!.mail.subject).toBe('Please confirm your TextFlow newsletter subscription');
    const confirm = linkIn(mail!.mail.html as string, '/newsletter/confirm');
    const unsubscribePage = linkIn(mail!.mail.html as string, '/newsletter/unsubscribe');
    const header = (name: string) =>
      mail!.mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const oneClick =
      /^List-Unsubscribe: <(https:\/\/textflow\.example\/api\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(
        header('list-unsubscribe') ?? '',
      );
    expect(oneClick, header('list-unsubscribe')).not.toBeNull();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.mail.text).toContain('valid for 7 days');

    const ok = await t
      .request()
      .post('/api/newsletter/confirm')
      .send({ token: confirm.searchParams.get('token') });
    expectContract('confirmNewsletter', ok);
    expect(ok.body).toEqual({ confirmed: true });
    expect(await status('reader@example.com')).toBe('active');
    expect((await admin.get('/api/admin/overview')).body.counts.newsletters).toBe(1);
    const consent = await t.db.query(
      `SELECT c.ip, c.requested_at, c.confirmed_at, w.id AS wording_id, w.text FROM newsletter_consents c JOIN consent_wordings w ON w.id = c.wording_id`,
    );
    expect(consent.rows).toEqual([
      expect.objectContaining({
        ip: '127.0.0.1',
        wording_id: 'newsletter-v1',
        text: expect.stringContaining('one-click unsubscribe'),
      }),
    ]);
    expect(consent.rows[0].confirmed_at.getTime()).toBeGreaterThanOrEqual(
      consent.rows[0].requested_at.getTime(),
    );

    // RFC 8058: a form POST to the List-Unsubscribe address, with no cookie and no other header.
    const url = new URL(oneClick![1]!);
    const click = await t
      .request()
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expectContract('unsubscribeNewsletter', click);
    expect(click.body).toEqual({ unsubscribed: true });
    expect(await status('reader@example.com')).toBe('inactive');
    expect((await admin.get('/api/admin/overview')).body.counts.newsletters).toBe(0);
    // A GET never unsubscribes (mail scanners follow links): the page posts the token.
    expect((await t.request().get(`${url.pathname}${url.search}`)).status).toBe(405);
    const page = await t
      .request()
      .post('/api/newsletter/unsubscribe')
      .send({ token: unsubscribePage.searchParams.get('token') });
    expectContract('unsubscribeNewsletter', page);
    expect(page.status).toBe(200);

    // The used link does not undo the unsubscribe; subscribing again sends a new one that does.
    await t
      .request()
      .post('/api/newsletter/confirm')
      .send({ token: confirm.searchParams.get('token') });
    expect(await status('reader@example.com')).toBe('inactive');
    // At most one confirmation email per address every 5 minutes (no mail bombing through the form).
    await subscribe('reader@example.com');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_messages`)).rows[0].n).toBe(1);
    await t.db.query(`UPDATE newsletter_consents SET requested_at = requested_at - interval '6 minutes'`);
    await subscribe('reader@example.com');
    await smtp.waitFor(2, 20_000, () => mailTo('reader@example.com').length >= 2);
    const [, second] = mailTo('reader@example.com');
    expect(await status('reader@example.com')).toBe('inactive');
    const again = linkIn(second!.mail.html as string, '/newsletter/confirm');
    await t
      .request()
      .post('/api/newsletter/confirm')
      .send({ token: again.searchParams.get('token') });
    expect(await status('reader@example.com')).toBe('active');

    const history = await admin.get(
      `/api/leads/newsletter/${await subscriberId(t, 'reader@example.com')}/history`,
    );
    expectContract('getLeadHistory', history);
    const types = history.body.events.map((e: { type: string }) => e.type);
    expect(types.filter((x: string) => ['subscribed', 'confirmed', 'unsubscribed'].includes(x))).toEqual([
      'subscribed',
      'confirmed',
      'unsubscribed',
      'subscribed',
      'confirmed',
    ]);
  });

  it('refuses a forged, altered, expired or misused token with a 400 that says what to do', async () => {
    await subscribe('someone@example.com');
    const key = await createSecrets(t.db).get(LINK_KEY);
    const consent = (await t.db.query('SELECT id FROM newsletter_consents')).rows[0].id as number;
    const id = await subscriberId(t, 'someone@example.com');
    const cases: [string, string, RegExp][] = [
      [
        '/api/newsletter/confirm',
        signToken(key, 'confirm', consent, new Date(Date.now() - 1000)),
        /has expired/,
      ],
      [
        '/api/newsletter/confirm',
        signToken(Buffer.alloc(32, 7), 'confirm', consent, new Date(Date.now() + 60_000)),
        /not valid/,
      ],
      ['/api/newsletter/confirm', signToken(key, 'unsubscribe', id, null), /not valid/],
      [
        '/api/newsletter/unsubscribe',
        signToken(key, 'confirm', consent, new Date(Date.now() + 60_000)),
        /not valid/,
      ],
      ['/api/newsletter/confirm', `${signToken(key, 'confirm', consent, null).slice(0, -2)}AA`, /not valid/],
      ['/api/newsletter/confirm', 'short', /incomplete/],
    ];
    for (const [path, token, detail] of cases) {
      const res = await t.request().post(path).send({ token });
      expectContract(path.endsWith('confirm') ? 'confirmNewsletter' : 'unsubscribeNewsletter', res);
      expect(res.status, token).toBe(400);
      expect(res.body.detail, token).toMatch(detail);
    }
    const none = await t
      .request()
      .post('/api/newsletter/unsubscribe')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expectContract('unsubscribeNewsletter', none);
    expect(none.status).toBe(400);
    const wrongForm = await t
      .request()
      .post(`/api/newsletter/unsubscribe?token=${signToken(key, 'unsubscribe', id, null)}`)
      .type('form')
      .send('x=1');
    expectContract('unsubscribeNewsletter', wrongForm);
    expect(wrongForm.status).toBe(400);
    expect(await status('someone@example.com')).toBe('pending');
  });
});
