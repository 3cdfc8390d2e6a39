import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../src/http/typed.ts';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query(
    `TRUNCATE contact_submissions, demo_requests, get_started_requests, newsletter_subscribers, idempotency_keys, rate_limit_buckets, ${FOLLOW_UP_TABLES}`,
  );
});

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me about SMS.' };

interface Endpoint {
  path: string;
  op: OperationId;
  table: string;
  valid: Record<string, string>;
  /** 201 with the stored lead, or the newsletter's one answer for every address (202). */
  created: 201 | 202;
}
const endpoints: Endpoint[] = [
  { path: '/api/contact', op: 'createContact', table: 'contact_submissions', valid: contact, created: 201 },
  {
    path: '/api/demo',
    op: 'createDemoRequest',
    table: 'demo_requests',
    valid: { name: 'Grace Hopper', email: 'grace@example.com' },
    created: 201,
  },
  {
    path: '/api/get-started',
    op: 'createGetStartedRequest',
    table: 'get_started_requests',
    valid: { name: 'Alan Turing', email: 'alan@example.com' },
    created: 201,
  },
  {
    path: '/api/newsletter',
    op: 'subscribeNewsletter',
    table: 'newsletter_subscribers',
    valid: { email: 'news@example.com' },
    created: 202,
  },
];

async function count(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

describe('creating leads', () => {
  it('stores a contact message trimmed, with a lower-cased email and empty-string defaults', async () => {
    const res = await t.request().post('/api/contact').send({
      name: '  Ada Lovelace ',
      email: ' Ada@Example.COM ',
      message: '  Please call me about SMS.  ',
    });
    expectContract('createContact', res);
    expect(res.status).toBe(201);
    expect(res.body.id).toBeGreaterThan(0);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const { rows } = await t.db.query('SELECT * FROM contact_submissions');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
      company: '',
      service: '',
      message: 'Please call me about SMS.',
    });
    expect(rows[0].created_at.toISOString()).toBe(res.body.createdAt);
  });

  it('stores every field of a contact message', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, phone: '+1 555 0100', company: 'Analytical Engines', service: 'data-lookups' });
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT phone, company, service FROM contact_submissions');
    expect(rows[0]).toEqual({ phone: '+1 555 0100', company: 'Analytical Engines', service: 'data-lookups' });
  });

  it('stores a demo request as pending with its options', async () => {
    const res = await t.request().post('/api/demo').send({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '555',
      company: 'Navy',
      preferredDate: 'next-week',
      preferredTime: 'afternoon',
      message: 'Voice agents please',
    });
    expectContract('createDemoRequest', res);
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT * FROM demo_requests');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      preferred_date: 'next-week',
      preferred_time: 'afternoon',
      message: 'Voice agents please',
      status: 'pending',
    });
  });

  it('stores a get-started request as pending with its options', async () => {
    const res = await t.request().post('/api/get-started').send({
      name: 'Alan Turing',
      email: 'alan@example.com',
      service: 'all',
      monthlyVolume: '1m+',
    });
    expectContract('createGetStartedRequest', res);
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT * FROM get_started_requests');
    expect(rows[0]).toMatchObject({ service: 'all', monthly_volume: '1m+', message: '', status: 'pending' });
  });

  it('stores a new subscriber as pending (double opt-in) and answers 202 without telling anything about it', async () => {
    const first = await t.request().post('/api/newsletter').send({ email: 'News@Example.com' });
    expectContract('subscribeNewsletter', first);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ accepted: true });
    const { rows } = await t.db.query('SELECT email, status FROM newsletter_subscribers');
    expect(rows).toEqual([{ email: 'news@example.com', status: 'pending' }]);
  });
});

describe('validation', () => {
  const cases: [string, Endpoint, Record<string, unknown>, string, string | null][] = [];
  for (const e of endpoints) {
    const hasName = e.op !== 'subscribeNewsletter';
    if (hasName) {
      cases.push(['a 1-character name', e, { name: 'A' }, '/name', 'Name must be at least 2 characters']);
      cases.push([
        'a name of only spaces',
        e,
        { name: '      ' },
        '/name',
        'Name must be at least 2 characters',
      ]);
      cases.push([
        'a 101-character name',
        e,
        { name: 'x'.repeat(101) },
        '/name',
        'Name must be at most 100 characters',
      ]);
      cases.push(['a missing name', e, { name: undefined }, '/name', 'Name must be at least 2 characters']);
      cases.push([
        'a 41-character phone',
        e,
        { phone: '1'.repeat(41) },
        '/phone',
        'Phone must be at most 40 characters',
      ]);
      cases.push([
        'a 201-character company',
        e,
        { company: 'c'.repeat(201) },
        '/company',
        'Company must be at most 200 characters',
      ]);
      cases.push([
        'a 5001-character message',
        e,
        { message: 'm'.repeat(5001) },
        '/message',
        'Message must be at most 5000 characters',
      ]);
      cases.push(['a name that is a number', e, { name: 42 }, '/name', 'Name must be at least 2 characters']);
    }
    cases.push([
      'an invalid email',
      e,
      { email: 'not-an-email' },
      '/email',
      'Please enter a valid email address',
    ]);
    cases.push([
      'an email without a domain dot',
      e,
      { email: 'a@b' },
      '/email',
      'Please enter a valid email address',
    ]);
    cases.push([
      'a 255-character email',
      e,
      { email: `${'a'.repeat(243)}@example.com` },
      '/email',
      'Please enter a valid email address',
    ]);
    cases.push(['a missing email', e, { email: undefined }, '/email', 'Please enter a valid email address']);
    cases.push(['an unknown field', e, { admin: true }, '/admin', 'admin is not a known field']);
  }
  const [c, d, g] = endpoints as [Endpoint, Endpoint, Endpoint];
  cases.push([
    'a 9-character contact message',
    c,
    { message: '123456789' },
    '/message',
    'Message must be at least 10 characters',
  ]);
  cases.push([
    'a missing contact message',
    c,
    { message: undefined },
    '/message',
    'Message must be at least 10 characters',
  ]);
  cases.push([
    'an unknown service',
    c,
    { service: 'fax' },
    '/service',
    'Please choose a service from the list',
  ]);
  cases.push([
    'an unknown preferred date',
    d,
    { preferredDate: 'someday' },
    '/preferredDate',
    'Please choose a preferred date from the list',
  ]);
  cases.push([
    'an unknown preferred time',
    d,
    { preferredTime: 'night' },
    '/preferredTime',
    'Please choose a preferred time from the list',
  ]);
  cases.push([
    'an unknown monthly volume',
    g,
    { monthlyVolume: '10m+' },
    '/monthlyVolume',
    'Please choose a monthly volume from the list',
  ]);
  cases.push([
    'a status set by the visitor',
    g,
    { status: 'active' },
    '/status',
    'status is not a known field',
  ]);

  it.each(cases)(
    '%s on %s is rejected with its message and nothing stored',
    async (_what, e, change, path, message) => {
      const res = await t
        .request()
        .post(e.path)
        .send({ ...e.valid, ...change });
      expectContract(e.op, res);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
      expect(await count(e.table)).toBe(0);
    },
  );

  const edges: [string, Endpoint, Record<string, string>][] = [
    ['a 2-character name', c, { name: 'Al' }],
    ['a 100-character name', c, { name: 'n'.repeat(100) }],
    ['a 254-character email', c, { email: `${'a'.repeat(242)}@example.com` }],
    ['a 40-character phone', c, { phone: '1'.repeat(40) }],
    ['a 200-character company', c, { company: 'c'.repeat(200) }],
    ['a 10-character contact message', c, { message: '1234567890' }],
    ['a 5000-character message', d, { message: 'm'.repeat(5000) }],
    ['an empty optional option', g, { service: '', monthlyVolume: '' }],
    ['a name of 100 emoji (code points, not UTF-16 units)', c, { name: '😀'.repeat(100) }],
  ];
  it.each(edges)('accepts %s', async (_what, e, change) => {
    const res = await t
      .request()
      .post(e.path)
      .send({ ...e.valid, ...change });
    expectContract(e.op, res);
    expect(res.status).toBe(201);
    expect(await count(e.table)).toBe(1);
  });

  it.each(endpoints)('rejects wrongly typed and malformed bodies on $path', async (e) => {
    for (const raw of ['[]', '"x"', '1', 'null', '{"email": ', '{"email": "a@b.co",}']) {
      const res = await t.request().post(e.path).set('Content-Type', 'application/json').send(raw);
      expectContract(e.op, res);
      expect(res.status).toBe(400);
    }
    const wrongType = await t
      .request()
      .post(e.path)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(e.valid));
    expect(wrongType.status).toBe(415);
    const huge = await t
      .request()
      .post(e.path)
      .send({ ...e.valid, message: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await count(e.table)).toBe(0);
  });
});

describe('the honeypot', () => {
  it.each(endpoints)('accepts a bot submission on $path with 202 and stores nothing', async (e) => {
    const res = await t
      .request()
      .post(e.path)
      .send({ ...e.valid, website: 'http://spam.example' });
    expectContract(e.op, res);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    expect(await count(e.table)).toBe(0);
  });

  it('treats an empty honeypot as a person', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, website: '' });
    expect(res.status).toBe(201);
  });
});

describe('idempotent retries', () => {
  it.each(endpoints)(
    'a retry with the same key on $path answers the first answer and stores nothing new',
    async (e) => {
      const first = await t.request().post(e.path).set('Idempotency-Key', 'key-1').send(e.valid);
      const retry = await t.request().post(e.path).set('Idempotency-Key', 'key-1').send(e.valid);
      expectContract(e.op, retry);
      expect(first.status).toBe(e.created);
      expect(retry.status).toBe(e.created);
      expect(retry.body).toEqual(first.body);
      expect(await count(e.table)).toBe(1);
    },
  );

  it('a key reused for a different body is 422 and stores nothing', async () => {
    await t.request().post('/api/contact').set('Idempotency-Key', 'key-2').send(contact);
    const res = await t
      .request()
      .post('/api/contact')
      .set('Idempotency-Key', 'key-2')
      .send({ ...contact, name: 'Someone Else' });
    expectContract('createContact', res);
    expect(res.status).toBe(422);
    expect(await count('contact_submissions')).toBe(1);
  });

  it('the same key on two endpoints stores both', async () => {
    await t.request().post('/api/contact').set('Idempotency-Key', 'shared').send(contact);
    const demo = await t
      .request()
      .post('/api/demo')
      .set('Idempotency-Key', 'shared')
      .send(endpoints[1]!.valid);
    expect(demo.status).toBe(201);
    expect(await count('contact_submissions')).toBe(1);
    expect(await count('demo_requests')).toBe(1);
  });

  it.each(endpoints)(
    '20 concurrent requests with one key on $path store one lead and all get its answer',
    async (e) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.request().post(e.path).set('Idempotency-Key', 'burst').send(e.valid),
        ),
      );
      for (const a of answers) expectContract(e.op, a);
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([e.created]));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await count(e.table)).toBe(1);
    },
  );

  it('rejects an Idempotency-Key longer than 255 characters', async () => {
    const res = await t.request().post('/api/contact').set('Idempotency-Key', 'k'.repeat(256)).send(contact);
    expectContract('createContact', res);
    expect(res.status).toBe(400);
    expect(await count('contact_submissions')).toBe(0);
  });
});

describe('concurrency', () => {
  it('stores 50 concurrent submissions exactly once each', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent ${i}`);
    const answers = await Promise.all(
      names.map((name) =>
        t
          .request()
          .post('/api/contact')
          .send({ ...contact, name }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(50);
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM contact_submissions ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
  });
});

describe('rate limiting', () => {
  // Each test gets its own app: a process remembers addresses over their limit until the window ends.
  async function withApp(trustProxy: boolean, fn: (app: TestApp) => Promise<void>) {
    const app = await startTestApp({ leadRateLimitPerMinute: 3, trustProxy });
    try {
      await fn(app);
    } finally {
      await app.close();
    }
  }

  it('answers 429 with Retry-After once an address passes its limit, and stores nothing more', () =>
    withApp(false, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .send({ ...contact, name: `Rate ${i}` });
        expectContract('createContact', res);
        statuses.push(res.status);
        if (res.status === 429) {
          const retryAfter = Number(res.headers['retry-after']);
          // 3 a minute: the bucket has room again 20 s after it filled.
          expect(retryAfter).toBeGreaterThanOrEqual(19);
          expect(retryAfter).toBeLessThanOrEqual(20);
          expect(res.body.detail).toMatch(/Too many submissions/);
        }
      }
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_submissions',
      );
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect(rows[0]!.n).toBe(3);
    }));

  it('counts all lead kinds together per address', () =>
    withApp(false, async (app) => {
      const a = await app.request().post('/api/demo').send(endpoints[1]!.valid);
      const b = await app.request().post('/api/get-started').send(endpoints[2]!.valid);
      const c = await app.request().post('/api/newsletter').send({ email: 'x@example.com' });
      const d = await app.request().post('/api/newsletter').send({ email: 'y@example.com' });
      expectContract('subscribeNewsletter', d);
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM newsletter_subscribers',
      );
      expect([a.status, b.status, c.status, d.status]).toEqual([201, 201, 202, 429]);
      expect(rows[0]!.n).toBe(1);
    }));

  it('ignores X-Forwarded-For unless the proxy is trusted', () =>
    withApp(false, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', `203.0.113.${i}`)
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses).toContain(429);
    }));

  it('limits each forwarded address separately behind a trusted proxy', () =>
    withApp(true, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
      for (let i = 0; i < 5; i++) {
        const res = await app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', '192.0.2.7')
          .send(contact);
        statuses.push(res.status);
      }
      expect(statuses.slice(6)).toContain(429);
    }));

  it('ties an Idempotency-Key to its client: another address with the same key stores its own lead', () =>
    withApp(true, async (app) => {
      const send = (ip: string) =>
        app
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', ip)
          .set('Idempotency-Key', 'guessable-key')
          .send(contact);
      const first = await send('198.51.100.1');
      const other = await send('198.51.100.2');
      const retry = await send('198.51.100.1');
      expect([first.status, other.status, retry.status]).toEqual([201, 201, 201]);
      expect(other.body.id).not.toBe(first.body.id);
      expect(retry.body).toEqual(first.body);
      const { rows } = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_submissions',
      );
      expect(rows[0]!.n).toBe(2);
    }));

  it('answers a flood from the cache once over the limit, without counting more in the database', () =>
    withApp(true, async (app) => {
      for (let i = 0; i < 4; i++) {
        await app.request().post('/api/contact').set('X-Forwarded-For', '192.0.2.9').send(contact);
      }
      const { rows: before } = await app.db.query('SELECT level, updated_at FROM rate_limit_buckets');
      const flood = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.request().post('/api/contact').set('X-Forwarded-For', '192.0.2.9').send(contact),
        ),
      );
      expect(new Set(flood.map((r) => r.status))).toEqual(new Set([429]));
      const { rows: after } = await app.db.query('SELECT level, updated_at FROM rate_limit_buckets');
      expect(after).toEqual(before);
    }));
});
