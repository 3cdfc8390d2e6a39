import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { truncate, type TestApp } from './harness.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import type { TestSmtp } from './smtp.ts';

// The newsletter link pages without JavaScript (docs/product.md#newsletter-without-javascript):
// the page's form posts to the page's own address, token in the query, and is sent on to the page
// that tells the outcome.

let smtp: TestSmtp;
let t: TestApp;
let app: MailApp;

beforeAll(async () => {
  app = await startMailApp({ publicUrl: 'https://textflow.example' });
  ({ smtp, t } = app);
});
afterAll(() => app.close());
beforeEach(async () => {
  smtp.received.length = 0;
  await truncate(t.db, `newsletter_subscribers, idempotency_keys, ${FOLLOW_UP_TABLES}`);
});

const status = async (email: string) =>
  (await t.db.query('SELECT status FROM newsletter_subscribers WHERE email = $1', [email])).rows[0]?.status;

/** Subscribes and answers the confirmation email's two page links, as path and query. */
async function links(email: string) {
  expect((await t.request().post('/api/newsletter').send({ email })).status).toBe(202);
  await smtp.waitFor(1, 20_000, () => smtp.received.some((r) => r.to.includes(email)));
  const html = smtp.received.find((r) => r.to.includes(email))!.mail.html as string;
  const link = (path: string) => {
    const url = new URL(
      new RegExp(`href="(https://textflow\\.example${path}\\?token=[^"]+)"`)
        .exec(html)![1]!
        .replaceAll('&amp;', '&'),
    );
    return `${url.pathname}${url.search}`;
  };
  return { confirm: link('/newsletter/confirm'), unsubscribe: link('/newsletter/unsubscribe') };
}

/** The form's POST as a browser sends it: form-encoded, nothing in it but the button. */
const press = (path: string) => t.request().post(path).type('form').send('');

describe('the link pages without JavaScript', () => {
  it('confirm and unsubscribe by the pages’ forms, each answered with the page that tells the outcome', async () => {
    const l = await links('nojs@example.com');
    // Opening the page acts on nothing.
    expect((await t.request().get(l.confirm)).status).not.toBe(303);
    expect(await status('nojs@example.com')).toBe('pending');

    const confirmed = await press(l.confirm);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/newsletter/confirmed');
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(await status('nojs@example.com')).toBe('active');
    // Pressing again answers the same and changes nothing.
    expect((await press(l.confirm)).headers.location).toBe('/newsletter/confirmed');

    const unsubscribed = await press(l.unsubscribe);
    expect(unsubscribed.status).toBe(303);
    expect(unsubscribed.headers.location).toBe('/newsletter/unsubscribed');
    expect(await status('nojs@example.com')).toBe('inactive');
  });

  it('sends a broken, forged, swapped or missing token to the page that says what to do', async () => {
    const l = await links('broken@example.com');
    const confirmToken = new URLSearchParams(l.confirm.split('?')[1]).get('token')!;
    const cases: [string, string][] = [
      ['/newsletter/confirm?token=aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb', '/newsletter/confirm-failed'],
      ['/newsletter/confirm', '/newsletter/confirm-failed'],
      ['/newsletter/confirm?token=a&token=b', '/newsletter/confirm-failed'],
      // A confirmation token does not unsubscribe, nor the other way round.
      [`/newsletter/unsubscribe?token=${confirmToken}`, '/newsletter/unsubscribe-failed'],
      [`/newsletter/confirm?token=${confirmToken.slice(0, -2)}`, '/newsletter/confirm-failed'],
      [`/newsletter/unsubscribe?token=${'x'.repeat(5000)}`, '/newsletter/unsubscribe-failed'],
    ];
    for (const [path, location] of cases) {
      const res = await press(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe(location);
    }
    expect(await status('broken@example.com')).toBe('pending');
  });

  it('answers other addresses as before: no form there', async () => {
    expect((await t.request().post('/newsletter/confirmed').type('form').send('')).status).toBe(404);
    expect((await t.request().post('/newsletter').type('form').send('')).status).toBe(404);
  });
});
