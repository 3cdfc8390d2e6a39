import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schemaDepth } from '../src/contract/depth.ts';
import { loadContract, type Operation } from '../src/contract/load.ts';
import type { OperationId } from '../src/http/typed.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// What text the API takes and how it answers what it does not (docs/product.md#forms, #errors):
// nothing a client sends gives a 500.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(() => t.close());
beforeEach(() =>
  t.db.query('TRUNCATE contact_submissions, demo_requests, get_started_requests, newsletter_subscribers'),
);

const leads: {
  path: string;
  op: OperationId;
  table: string;
  valid: Record<string, string>;
  texts: string[];
}[] = [
  {
    path: '/api/contact',
    op: 'createContact',
    table: 'contact_submissions',
    valid: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' },
    texts: ['name', 'email', 'phone', 'company', 'message'],
  },
  {
    path: '/api/demo',
    op: 'createDemoRequest',
    table: 'demo_requests',
    valid: { name: 'Grace Hopper', email: 'grace@example.com' },
    texts: ['name', 'email', 'phone', 'company', 'message'],
  },
  {
    path: '/api/get-started',
    op: 'createGetStartedRequest',
    table: 'get_started_requests',
    valid: { name: 'Alan Turing', email: 'alan@example.com' },
    texts: ['name', 'email', 'phone', 'company', 'message'],
  },
  {
    path: '/api/newsletter',
    op: 'subscribeNewsletter',
    table: 'newsletter_subscribers',
    valid: { email: 'news@example.com' },
    texts: ['email'],
  },
];

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('control characters and broken text', () => {
  const cases = leads.flatMap((l) =>
    l.texts.flatMap((field) =>
      [
        ['NUL', 'Ab\u0000cd efgh ij'],
        ['BEL', 'Ab\u0007cd efgh ij'],
        ['C1 NEL', 'Ab\u0085cd efgh ij'],
        ['a lone surrogate', 'Ab\ud800cd efgh ij'],
      ].map(([what, value]) => [`${what} in ${l.path} ${field}`, l, field, value] as const),
    ),
  );
  it.each(cases)('refuses %s with a 400 problem and stores nothing', async (_name, l, field, value) => {
    const res = await t
      .request()
      .post(l.path)
      .send({ ...l.valid, [field]: value });
    expectContract(l.op, res);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toContainEqual({
      path: `/${field}`,
      message: expect.stringMatching(/^\w+ must /),
    });
    expect(await count(l.table)).toBe(0);
  });

  it('takes tab and line breaks in a message, but not in a name', async () => {
    const ok = await t
      .request()
      .post('/api/contact')
      .send({ ...leads[0]!.valid, message: 'Line one\r\nLine two\tand a tab' });
    expect(ok.status).toBe(201);
    const name = await t
      .request()
      .post('/api/contact')
      .send({ ...leads[0]!.valid, name: 'Ada\nLovelace' });
    expect(name.status).toBe(400);
    expect(name.body.errors).toEqual([
      { path: '/name', message: 'name must not contain control characters' },
    ]);
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['Hangul fillers', '\u3164\u3164'],
    ['combining marks alone', '\u0301\u0302'],
    ['a no-break space and a soft hyphen', '\u00a0\u00ad\u00a0'],
  ])('refuses a name made only of %s with the name message', async (_what, name) => {
    const res = await t
      .request()
      .post('/api/demo')
      .send({ ...leads[1]!.valid, name });
    expectContract('createDemoRequest', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: '/name', message: 'Name must be at least 2 characters' });
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"email":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('@example.com"}'),
    ]);
    const res = await fetch(`${t.baseUrl}/api/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toBe('The body is not valid UTF-8.');
  });

  it.each([['iso-8859-1'], ['utf-16'], ['no-such-charset']])(
    'refuses charset=%s with 415',
    async (charset) => {
      const res = await t
        .request()
        .post('/api/newsletter')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(JSON.stringify({ email: 'x@example.com' }));
      expectContract('subscribeNewsletter', res);
      expect(res.status).toBe(415);
      expect(await count('newsletter_subscribers')).toBe(0);
    },
  );

  it('takes charset=utf-8 in any case', async () => {
    const res = await t
      .request()
      .post('/api/newsletter')
      .set('Content-Type', 'application/json; charset="UTF-8"')
      .send(JSON.stringify({ email: 'x@example.com' }));
    expect(res.status).toBe(202);
  });
});

describe('the desk', () => {
  it.each([
    ['a NUL inside', 'a\u0000b'],
    ['a NUL alone', '\u0000'],
    ['an escape', 'x\u001by'],
  ])('refuses a control character in the search (%s) with 400', async (_what, q) => {
    const res = await admin.get('/api/contacts').query({ q });
    expectContract('listContacts', res);
    expect(res.status).toBe(400);
  });

  it('refuses a search that is not UTF-8 with 400', async () => {
    expect((await admin.get('/api/contacts?q=%FF%FE')).status).toBe(400);
  });

  it.each([
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['30 February', '2024-02-30T12:00:00Z'],
    ['hour 24', '2024-01-01T24:00:00Z'],
  ])('refuses a forged cursor with an impossible date (%s) with 400', async (_what, date) => {
    const cursor = Buffer.from(JSON.stringify([date, 1])).toString('base64url');
    const res = await admin.get('/api/contacts').query({ cursor });
    expectContract('listContacts', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: '/query/cursor', message: 'Invalid cursor' }]);
  });
});

describe('date-time query parameters', () => {
  // Every date-time query parameter of the contract, read from it: a new one is covered as it lands.
  const dateTimeParams = [...loadContract().operations.values()].flatMap((op) =>
    Object.entries((op.query.properties ?? {}) as Record<string, { format?: string }>)
      .filter(([, schema]) => schema.format === 'date-time')
      .map(([name]) => ({ op, name })),
  );
  const bad = [
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['a no-break space as separator', '2026-01-01\u00a000:00:00Z'],
    ['an offset of -23:59', '2026-01-01T00:00:00-23:59'],
    ['an instant past year 9999 once its offset is applied', '9999-12-31T23:30:00-01:00'],
    ['30 February', '2026-02-30T00:00:00Z'],
  ] as const;
  const request = (op: Operation, query: Record<string, string>) => {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    return admin[op.method](path).query(query);
  };

  it('finds the ones the desk has', () => {
    expect(dateTimeParams.map(({ op, name }) => `${op.operationId} ${name}`)).toEqual(
      expect.arrayContaining([
        'listAuditEntries from',
        'listAuditEntries to',
        'exportAuditEntries from',
        'exportAuditEntries to',
        'listWebhookDeliveries since',
      ]),
    );
  });

  it.each(
    dateTimeParams.flatMap(({ op, name }) =>
      bad.map(([what, value]) => [op.operationId, name, what, value, op] as const),
    ),
  )('refuses %s %s with %s with a 400 problem naming it', async (operationId, name, _what, value, op) => {
    const res = await request(op, { [name]: value });
    expectContract(operationId as OperationId, res);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: `/query/${name}` }));
  });

  it.each(dateTimeParams.map(({ op, name }) => [op.operationId, name, op] as const))(
    'takes %s %s in any RFC 3339 spelling PostgreSQL can hold',
    async (operationId, name, op) => {
      for (const value of [
        '2026-01-01 00:00:00.123456+15:59',
        '2026-01-01t00:00:00z',
        '0001-01-01T00:00:00-01:00',
      ]) {
        const res = await request(op, { [name]: value });
        expect(res.status, value).toBe(200);
        expectContract(operationId as OperationId, res);
      }
    },
  );
});

describe('answers that say what is wrong', () => {
  it('names a "__proto__" key as an unknown field: it is valid JSON', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(
        '{"name":"Ada Lovelace","email":"ada@example.com","message":"Please call me.","__proto__":{"x":1}}',
      );
    expectContract('createContact', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: '/__proto__', message: '__proto__ is not a known field' }]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([['application/foo+json'], ['application/vnd.api+json'], ['text/json']])(
    'refuses %s with 415',
    async (type) => {
      const res = await t
        .request()
        .post('/api/contact')
        .set('Content-Type', type)
        .send(JSON.stringify(leads[0]!.valid));
      expectContract('createContact', res);
      expect(res.status).toBe(415);
    },
  );

  it.each([['0x1'], ['1e0'], ['01'], ['1.0'], ['+1']])('finds no demo at /api/demos/%s', async (id) => {
    // The lead's follow-up (its emails, their history) goes too, so demo 1 is new again.
    await t.db.query('TRUNCATE demo_requests, mail_messages, lead_events RESTART IDENTITY');
    await t.db.query(`INSERT INTO demo_requests (name, email) VALUES ('Demo One', 'one@example.com')`);
    const res = await admin.patch(`/api/demos/${encodeURIComponent(id)}`).send({ status: 'confirmed' });
    expectContract('updateDemoRequest', res);
    expect(res.status).toBe(404);
    const after = await t.db.query<{ status: string }>('SELECT status FROM demo_requests');
    expect(after.rows[0]!.status).toBe('pending');
  });

  it('refuses a limit written as 1e1 with 400', async () => {
    const res = await admin.get('/api/contacts?limit=1e1');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/query/limit', message: 'limit must be a whole number in digits' },
    ]);
  });
});

describe('nesting', () => {
  // The deepest request body the contract describes: a client may nest that deep and no deeper.
  const deepest = () =>
    Math.max(
      ...[...loadContract(t.config.openapiPath).operations.values()].map((op) =>
        op.body ? schemaDepth(op.body.schema) : 0,
      ),
    );
  // At the body limit: the deepest nesting a client can send in one body.
  const limit = () => t.config.bodyLimitBytes;
  const arrays = () => '['.repeat(limit() / 2) + ']'.repeat(limit() / 2);
  const objects = () => {
    const n = Math.floor(limit() / 6);
    return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  };
  const inField = () => {
    const n = Math.floor((limit() - 100) / 2);
    return `{"name":"Ada Lovelace","email":"ada@example.com","message":${'['.repeat(n)}${']'.repeat(n)}}`;
  };
  const bodies = { arrays, objects, 'nesting inside a field': inField };

  it.each([
    ['/api/contact', false],
    ['/api/newsletter', false],
    ['/api/newsletter/confirm', false],
    ['/api/admin/login', false],
    ['/api/webhooks', true],
  ])('refuses deep nesting on %s with 400, before reading it', async (path, signed) => {
    for (const [what, body] of Object.entries(bodies)) {
      const text = body();
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit());
      const agent = signed ? admin : t.request().set('Origin', t.baseUrl);
      const res = await agent.post(path).set('Content-Type', 'application/json').send(text);
      expect(res.status, `${what} on ${path}`).toBe(400);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.detail).toMatch(new RegExp(`nests arrays and objects deeper than ${deepest()} levels`));
    }
    expect(await count('contact_submissions')).toBe(0);
  });

  it('reads nesting as deep as the contract allows as an ordinary body', async () => {
    const res = await admin
      .post('/api/webhooks')
      .send({ url: 'https://example.com/hook', events: ['lead.created', 1] });
    expect(res.status).toBe(400);
    expect(res.body.detail).not.toMatch(/nests/);
    const brackets = await t
      .request()
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name":"Ada [{Lovelace}]","email":"ada@example.com","message":"\\"[[[[[[{{{"}');
    expect(brackets.status).toBe(201);
  });
});
