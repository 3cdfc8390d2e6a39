import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the HTTP core', () => {
  it('answers health with 200 when the database is up', async () => {
    const res = await t.request().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
    expectContract('getHealth', res);
  });

  it('gives every response a request id', async () => {
    const res = await t.request().get('/api/health');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown /api path with a 404 problem', async () => {
    const res = await t.request().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it.each([
    ['/api/Admin/Login', { username: 'admin', password: 'x'.repeat(12) }],
    ['/api/admin/LOGIN', { username: 'admin', password: 'x'.repeat(12) }],
    ['/api/admin/login/', { username: 'admin', password: 'x'.repeat(12) }],
    ['/api/contact/', { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Call me.' }],
    ['/api/Contact', { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Call me.' }],
  ])('answers %s, another spelling of a contract path, with 404', async (path, body) => {
    const res = await t.request().post(path).set('Origin', t.baseUrl).send(body);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found' });
    const stored = await t.db.query('SELECT 1 FROM contact_submissions');
    expect(stored.rowCount).toBe(0);
  });

  it('answers a known path with the wrong method with 405', async () => {
    const res = await t.request().delete('/api/contact');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name": "Al');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The body is not valid JSON.');
    expectContract('createContact', res);
  });

  it('rejects a non-JSON body with 415', async () => {
    const res = await t.request().post('/api/contact').set('Content-Type', 'text/plain').send('name=Al');
    expect(res.status).toBe(415);
    expectContract('createContact', res);
  });

  it('rejects a body that is neither JSON nor a form with 415', async () => {
    // A form-encoded body is a browser's form post (lead-form-posts.test.ts).
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/foo+json']) {
      const res = await t.request().post('/api/contact').set('Content-Type', type).send('name=Alice');
      expect(res.status).toBe(415);
      expectContract('createContact', res);
    }
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ name: 'Al', email: 'a@b.co', message: 'x'.repeat(t.config.bodyLimitBytes) });
    expect(res.status).toBe(413);
    expectContract('createContact', res);
  });

  it('rejects a chunked body over the limit with 413', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(t.config.bodyLimitBytes + 10) });
    const res = await fetch(`${t.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('rejects a missing body with 400', async () => {
    const res = await t.request().post('/api/contact');
    expect(res.status).toBe(400);
    expectContract('createContact', res);
  });

  it.each([['[]'], ['"text"'], ['42'], ['null']])('rejects the JSON body %s with 400', async (raw) => {
    const res = await t.request().post('/api/contact').set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expectContract('createContact', res);
  });

  it('reports every invalid field with the contract’s messages', async () => {
    const res = await t.request().post('/api/contact').send({ name: ' A ', email: 'nope', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/name', message: 'Name must be at least 2 characters' },
      { path: '/email', message: 'Please enter a valid email address' },
      { path: '/message', message: 'Message must be at least 10 characters' },
    ]);
    expectContract('createContact', res);
  });

  it('rejects an out-of-range query parameter with 400', async () => {
    // Admin lists validate after authentication, so a signed-out request is 401 first.
    const res = await t.request().get('/api/contacts?limit=500');
    expect(res.status).toBe(401);
  });
});

describe('the site beside the API', () => {
  it('does not treat /api-reference as an API path', async () => {
    const { isApiPath } = await import('../src/http/api-path.ts');
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/contact')).toBe(true);
    expect(isApiPath('/api-reference')).toBe(false);
    expect(isApiPath('/apis')).toBe(false);
  });
});
