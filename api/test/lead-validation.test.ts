import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { countRows, emptyLeadTables, endpoints, type Endpoint } from './lead-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
});
afterAll(() => t.close());
beforeEach(() => emptyLeadTables(t));

const count = (table: string) => countRows(t, table);

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
