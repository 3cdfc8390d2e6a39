import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { countRows, emptyLeadTables, endpoints } from './lead-helpers.ts';

// The lead forms posted by a browser without JavaScript (docs/product.md#forms-without-javascript):
// the same operations as the JSON ones, taking `application/x-www-form-urlencoded`; accepted, a 303
// to the form's success page; refused, one page for people that sends them back to the form.

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

/** A refused post's page: the refusal's status, HTML, never cached, nothing typed in it. */
function pageOf(res: { status: number; headers: Record<string, string>; text: string }, status = 400) {
  expect(res.status).toBe(status);
  expect(res.headers.location).toBeUndefined();
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text).toContain(
    "Go back to the form with your browser's Back button: what you typed is still there.",
  );
  return res.text;
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

  it('invalid input: nothing stored, and a page with the failure notice and the messages, not what was typed', async () => {
    const typed = {
      name: 'A',
      email: 'not-an-email',
      phone: '+1 555 0100',
      company: 'Acme Sons',
      service: 'data-lookups',
      message: 'short',
      website: '',
    };
    const page = pageOf(await post(t, '/api/contact', typed));
    expect(await countRows(t, 'contact_submissions')).toBe(0);
    // The spec's notice: its title, then the server's explanation (the contract's messages).
    expect(page).toContain(
      '<h1>Error sending message</h1>\n<p>Name must be at least 2 characters. Please enter a valid email address. Message must be at least 10 characters</p>',
    );
    expect(page).not.toContain('<form');
    for (const value of ['not-an-email', '555 0100', 'Acme Sons', 'short']) expect(page).not.toContain(value);
  });

  it.each([
    ['/api/get-started', 'Error submitting request'],
    ['/api/demo', 'Error scheduling demo'],
    ['/api/newsletter', 'Error subscribing'],
  ])("%s: the page has that form's failure title", async (path, title) => {
    const body: Record<string, string> =
      path === '/api/newsletter' ? { email: 'nope' } : { name: 'Ada Lovelace', email: 'nope' };
    const page = pageOf(await post(t, path, body));
    expect(page).toContain(`<title>${title} | TextFlow</title>`);
    expect(page).toContain(`<h1>${title}</h1>\n<p>Please enter a valid email address</p>`);
  });

  it('a value only the server refuses (a name of spaces) gets the page too', async () => {
    const page = pageOf(await post(t, '/api/demo', { name: '   ', email: 'ada@example.com' }));
    expect(page).toContain('<p>Name must be at least 2 characters</p>');
    expect(await countRows(t, 'demo_requests')).toBe(0);
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

  it.each(endpoints)(
    '$path: a filled-in honeypot lands on the success page and stores nothing',
    async (e) => {
      const res = await post(t, e.path, { ...e.valid, website: 'https://spam.example' });
      expect(res.headers.location).toBe(sentPage[e.path]);
      expect(await countRows(t, e.table)).toBe(0);
    },
  );

  it('a rate-limited post gets the page with the reason, 429 and its Retry-After', async () => {
    const form = { name: 'Alan Turing', email: 'alan@example.com', message: 'Hello there, more than ten.' };
    for (let i = 0; i < 2; i++)
      expect((await post(limited, '/api/contact', form)).headers.location).toBe('/forms/contact-sent');
    const res = await post(limited, '/api/contact', form);
    const page = pageOf(res, 429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(page).toContain('<h1>Error sending message</h1>\n<p>Too many submissions');
    expect(page).not.toContain('Alan Turing');
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
});

describe('form garbage never makes a 500', () => {
  const raw = (body: string, type = 'application/x-www-form-urlencoded') =>
    t.request().post('/api/contact').set('Content-Type', type).send(body);

  it.each([
    [
      'a repeated key (the last one counts)',
      'name=Ada&name=B&email=ada%40example.com&message=0123456789ab',
      'page',
    ],
    ['a huge key', `${'k'.repeat(20_000)}=1&name=Ada`, 'page'],
    ['a key over the body limit', `${'k'.repeat(2_000_000)}=1`, 413],
    ['percent-escapes that are not UTF-8', 'name=%FF%FE&email=a%40b.co&message=0123456789ab', 400],
    ['a broken percent-escape', 'name=%E2%82&email=a%40b.co', 400],
    ['a lone surrogate escaped', 'name=%ED%A0%80&email=a%40b.co', 400],
    ['control characters', 'name=A%00da&email=a%40b.co&message=0123456789ab', 'page'],
    ['an unknown field', '__proto__=x&constructor=y&name=Ada&email=a%40b.co&message=0123456789ab', 'page'],
    ['bracketed keys', 'name[a]=1&email[]=2&message=0123456789ab', 'page'],
    ['only separators', '&&&==&=', 'page'],
    ['JSON in a form body', '{"name":"Ada"}', 'page'],
    ['no body at all', '', 400],
  ])('%s', async (_why, body, status) => {
    const res = await raw(body);
    // 'page': refused by a field's rule, so the page for people; otherwise a problem.
    expect(res.status).toBe(status === 'page' ? 400 : status);
    expect(res.headers['content-type']).toBe(
      status === 'page' ? 'text/html; charset=utf-8' : 'application/problem+json',
    );
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
});
