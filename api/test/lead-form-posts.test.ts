import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/http/logger.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { countRows, emptyLeadTables, endpoints } from './lead-helpers.ts';

// The lead forms posted by a browser without JavaScript (docs/product.md#forms-without-javascript):
// the same operations as the JSON ones, taking `application/x-www-form-urlencoded`, each outcome a
// 303 to a page for people.

const sentPage: Record<string, string> = {
  '/api/contact': '/forms/contact-sent',
  '/api/get-started': '/forms/get-started-sent',
  '/api/demo': '/forms/demo-sent',
  '/api/newsletter': '/forms/newsletter-sent',
};

let t: TestApp;
let limited: TestApp;
const logged: string[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  }),
);

beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 }, { log });
  limited = await startTestApp({ leadRateLimitPerMinute: 2 });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
});
beforeEach(async () => {
  await emptyLeadTables(t);
  await emptyLeadTables(limited);
  logged.length = 0;
});

/** A form post as a browser sends it. */
const post = (app: TestApp, path: string, form: string | Record<string, string>) =>
  app.request().post(path).type('form').send(form);

/** Follows a refused post's 303 to its page. */
async function pageOf(app: TestApp, res: { status: number; headers: Record<string, string> }) {
  expect(res.status).toBe(303);
  expect(res.headers.location).toMatch(/^\/api\/forms\/[A-Za-z0-9_-]{24}$/);
  const page = await app.request().get(res.headers.location!);
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.headers['cache-control']).toBe('no-store');
  return page.text;
}

describe('a lead form posted without JavaScript', () => {
  it.each(endpoints)('$path: valid input is stored once and sent on to the success page', async (e) => {
    const res = await post(t, e.path, { ...e.valid, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(sentPage[e.path]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await countRows(t, e.table)).toBe(1);
    // The follow-up (acknowledgment, sales alert or confirmation email) is queued as for JSON.
    expect(await countRows(t, 'mail_messages')).toBeGreaterThan(0);
  });

  it.each(endpoints)('$path: a JSON post still gets its JSON answer', async (e) => {
    const res = await t.request().post(e.path).send(e.valid);
    expect(res.status).toBe(e.created);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('stores the fields as the JSON post does: trimmed, email lower-cased, options kept', async () => {
    await post(t, '/api/demo', {
      name: '  Grace Hopper ',
      email: 'Grace@Example.com',
      phone: '',
      company: 'Navy',
      preferredDate: 'tomorrow',
      preferredTime: 'morning',
      message: '',
      website: '',
    });
    const { rows } = await t.db.query(
      'SELECT name, email, company, preferred_date, preferred_time FROM demo_requests',
    );
    expect(rows).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: 'Navy',
        preferred_date: 'tomorrow',
        preferred_time: 'morning',
      },
    ]);
  });

  it('invalid input: nothing stored, and a page with each message and everything typed', async () => {
    const typed = {
      name: 'A',
      email: 'not-an-email',
      phone: '+1 555 <0100>',
      company: 'Acme & "Sons"',
      service: 'data-lookups',
      message: 'short',
      website: '',
    };
    const page = await pageOf(t, await post(t, '/api/contact', typed));
    expect(await countRows(t, 'contact_submissions')).toBe(0);
    expect(page).toContain('Error sending message');
    expect(page).toContain('Name must be at least 2 characters');
    expect(page).toContain('Please enter a valid email address');
    expect(page).toContain('Message must be at least 10 characters');
    // Every value as typed, escaped, in a form that posts to the same operation.
    expect(page).toContain('<form method="post" action="/api/contact"');
    expect(page).toContain('name="name" type="text" value="A"');
    expect(page).toContain('value="not-an-email"');
    expect(page).toContain('value="+1 555 &lt;0100&gt;"');
    expect(page).toContain('value="Acme &amp; &quot;Sons&quot;"');
    expect(page).toContain('<option value="data-lookups" selected>Data Lookups</option>');
    expect(page).toContain('>\nshort</textarea>');
    expect(page).toContain('<button type="submit">Send Message</button>');

    // Posting the page's form, corrected, stores the lead.
    const fixed = await post(t, '/api/contact', {
      ...typed,
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Please call me back.',
    });
    expect(fixed.headers.location).toBe('/forms/contact-sent');
    expect(await countRows(t, 'contact_submissions')).toBe(1);
  });

  it('never writes what was typed to the log', async () => {
    await post(t, '/api/get-started', {
      name: 'Q',
      email: 'secret-person@example.org',
      message: 'my private words',
    });
    await post(t, '/api/contact', {
      name: 'Secret Person',
      email: 'secret-person@example.org',
      message: 'my private words here',
    });
    const all = logged.join('');
    expect(all).toContain('a lead form post was refused');
    expect(all).not.toContain('secret-person');
    expect(all).not.toContain('private words');
  });

  it('the newsletter page keeps the consent wording the form sent', async () => {
    const page = await pageOf(
      t,
      await post(t, '/api/newsletter', { email: 'nope', consent: 'newsletter-v1', website: '' }),
    );
    expect(page).toContain('Error subscribing');
    expect(page).toContain('Please enter a valid email address');
    expect(page).toContain('<input type="hidden" name="consent" value="newsletter-v1">');
  });

  it.each(endpoints)(
    '$path: a filled-in honeypot lands on the success page and stores nothing',
    async (e) => {
      const res = await post(t, e.path, { ...e.valid, website: 'https://spam.example' });
      expect(res.headers.location).toBe(sentPage[e.path]);
      expect(await countRows(t, e.table)).toBe(0);
    },
  );

  it('a rate-limited post lands on the form again, with what was typed and the reason', async () => {
    const form = { name: 'Alan Turing', email: 'alan@example.com', message: 'Hello there, more than ten.' };
    for (let i = 0; i < 2; i++)
      expect((await post(limited, '/api/contact', form)).headers.location).toBe('/forms/contact-sent');
    const page = await pageOf(limited, await post(limited, '/api/contact', form));
    expect(page).toContain('Too many submissions from your address. Please try again in a minute.');
    expect(page).toContain('value="Alan Turing"');
    expect(page).toContain('Hello there, more than ten.</textarea>');
    expect(await countRows(limited, 'contact_submissions')).toBe(2);
  });

  it('a retry with the same Idempotency-Key stores one lead; another body with it is refused', async () => {
    const form = { name: 'Grace Hopper', email: 'grace@example.com' };
    const send = (body: Record<string, string>) =>
      t.request().post('/api/demo').type('form').set('Idempotency-Key', 'form-key-1').send(body);
    expect((await send(form)).headers.location).toBe('/forms/demo-sent');
    expect((await send(form)).headers.location).toBe('/forms/demo-sent');
    expect(await countRows(t, 'demo_requests')).toBe(1);
    const other = await send({ ...form, name: 'Someone Else' });
    expect(other.status).toBe(422);
    expect(await countRows(t, 'demo_requests')).toBe(1);
  });

  it('another API process on the same database answers the page (nothing kept in memory)', async () => {
    const res = await post(t, '/api/contact', { name: 'Ada', email: 'nope', message: 'typed words here' });
    const other = createApp({ db: t.db, config: t.config, log: createLogger('silent') });
    const page = await supertest(other.callback()).get(res.headers.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('typed words here</textarea>');
    // The database holds the token's hash only, and never the token itself.
    const token = res.headers.location!.split('/').pop()!;
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM refused_form_posts WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
      [token],
    );
    expect(rows[0]!.n).toBe(1);
    const raw = await t.db.query(`SELECT 1 FROM refused_form_posts WHERE form LIKE '%' || $1 || '%'`, [
      token,
    ]);
    expect(raw.rowCount).toBe(0);
  });

  it('the store is a ring: a newer refused post takes the oldest slot, whose page is gone', async () => {
    const refused = { name: 'Ada', email: 'nope', message: 'the first words typed' };
    const first = (await post(t, '/api/contact', refused)).headers.location!;
    const { rows } = await t.db.query<{ slot: number; max: number }>(
      `SELECT s.slot, q.max_value::int AS max FROM refused_form_posts s, pg_sequences q
        WHERE q.sequencename = 'refused_form_slots' ORDER BY s.kept_until DESC LIMIT 1`,
    );
    const { slot, max } = rows[0]!;
    // The next post takes the same slot, as it would after `max` more refused posts.
    await t.db.query(`SELECT setval('refused_form_slots', $1)`, [slot === 1 ? max : slot - 1]);
    const second = (await post(t, '/api/contact', { ...refused, message: 'the second words typed' })).headers
      .location!;
    expect((await t.request().get(first)).status).toBe(404);
    expect(await pageOf(t, { status: 303, headers: { location: second } })).toContain(
      'the second words typed</textarea>',
    );
    const { rows: size } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refused_form_posts WHERE slot = $1',
      [slot],
    );
    expect(size[0]!.n).toBe(1);
  });

  it('a refused post is kept 30 minutes, then its page is gone', async () => {
    const res = await post(t, '/api/contact', { name: 'Ada', email: 'nope', message: 'kept a while' });
    const { rows } = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM kept_until - now()) / 60)::int AS minutes
         FROM refused_form_posts ORDER BY kept_until DESC LIMIT 1`,
    );
    expect(rows[0]!.minutes).toBe(30);
    await t.db.query(`UPDATE refused_form_posts SET kept_until = now() - interval '1 second'`);
    expect((await t.request().get(res.headers.location!)).status).toBe(404);
  });

  it('a token that is not kept answers a page for people, 404', async () => {
    const res = await t.request().get('/api/forms/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('This form is no longer here');
    expect(res.text).toContain('<a href="/">Back to Home</a>');
  });
});

describe('form garbage never makes a 500', () => {
  const raw = (body: string, type = 'application/x-www-form-urlencoded') =>
    t.request().post('/api/contact').set('Content-Type', type).send(body);

  it.each([
    [
      'a repeated key (the last one counts)',
      'name=Ada&name=B&email=ada%40example.com&message=0123456789ab',
      303,
    ],
    ['a huge key', `${'k'.repeat(20_000)}=1&name=Ada`, 303],
    ['a key over the body limit', `${'k'.repeat(2_000_000)}=1`, 413],
    ['percent-escapes that are not UTF-8', 'name=%FF%FE&email=a%40b.co&message=0123456789ab', 400],
    ['a broken percent-escape', 'name=%E2%82&email=a%40b.co', 400],
    ['a lone surrogate escaped', 'name=%ED%A0%80&email=a%40b.co', 400],
    ['control characters', 'name=A%00da&email=a%40b.co&message=0123456789ab', 303],
    ['an unknown field', '__proto__=x&constructor=y&name=Ada&email=a%40b.co&message=0123456789ab', 303],
    ['bracketed keys', 'name[a]=1&email[]=2&message=0123456789ab', 303],
    ['only separators', '&&&==&=', 303],
    ['JSON in a form body', '{"name":"Ada"}', 303],
    ['no body at all', '', 400],
  ])('%s', async (_why, body, status) => {
    const res = await raw(body);
    expect(res.status).toBe(status);
    if (status === 303) expect(res.headers.location).toMatch(/^\/api\/forms\//);
  });

  it('bytes that are not UTF-8 are 400', async () => {
    // fetch sends the bytes as they are (a client library would encode a Buffer as an object).
    const res = await fetch(`${t.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe]),
    });
    expect(res.status).toBe(400);
  });

  it.each([
    'application/x-www-form-urlencoded; charset=iso-8859-1',
    'application/x-www-form-urlencoded; charset=nonsense',
  ])('another charset is 415 (%s)', async (type) => {
    const res = await raw('name=Ada', type);
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('multipart (a form without enctype urlencoded) is 415', async () => {
    const res = await raw('--x\r\n\r\n--x--', 'multipart/form-data; boundary=x');
    expect(res.status).toBe(415);
  });

  it('a refused page shows a stray field as one line, not the field', async () => {
    const page = await pageOf(
      t,
      await raw(`${'z'.repeat(5000)}=1&name=Ada&email=a%40b.co&message=0123456789ab`),
    );
    expect(page).toContain('The form sent a field it does not have.');
    expect(page).not.toContain('z'.repeat(100));
  });
});
