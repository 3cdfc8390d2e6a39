import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

describe('what the desk refuses', () => {
  let strict: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    strict = await startTestApp({ webhookAllowHttp: false });
    await createAdmin(strict);
    admin = await signedIn(strict);
  });
  afterAll(() => strict.close());

  it.each([
    [{ events: ['lead.created'] }, '/url', "Enter the endpoint's full URL, starting with https://"],
    [
      { url: 'ftp://example.com/hook', events: ['lead.created'] },
      '/url',
      "Enter the endpoint's full URL, starting with https://",
    ],
    [
      { url: 'https://', events: ['lead.created'] },
      '/url',
      "Enter the endpoint's full URL, starting with https://",
    ],
    [
      { url: 'http://example.com/hook', events: ['lead.created'] },
      '/url',
      'The URL must start with https://',
    ],
    [
      { url: 'https://user:pw@example.com/', events: ['lead.created'] },
      '/url',
      'The URL must not contain a user name or password',
    ],
    [{ url: 'https://example.com/hook' }, '/events', 'Choose at least one event'],
    [{ url: 'https://example.com/hook', events: [] }, '/events', 'Choose at least one event'],
    [
      { url: 'https://example.com/hook', events: ['lead.deleted'] },
      '/events/0',
      'Event must be one of lead.created, lead.status_changed, demo.scheduled, newsletter.confirmed, newsletter.unsubscribed, lead.assigned, person.erased, demo.booked',
    ],
    [
      { url: 'https://example.com/hook', events: ['lead.created', 'lead.created'] },
      '/events',
      'Choose each event once',
    ],
    [
      { url: 'https://example.com/hook', events: ['lead.created'], leadKinds: ['robot'] },
      '/leadKinds/0',
      'Lead kind must be one of contact, demo, get-started, newsletter',
    ],
    [
      { url: 'https://example.com/hook', events: ['lead.created'], description: 'd'.repeat(501) },
      '/description',
      'Description must be at most 500 characters',
    ],
    [
      { url: 'https://example.com/hook', events: ['lead.created'], secret: 'whsec_mine' },
      '/secret',
      'secret is not a known field',
    ],
  ])('refuses %j with a 400 naming %s', async (body, path, message) => {
    const res = await admin.post('/api/webhooks').send(body);
    expectContract('createWebhookEndpoint', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
  });

  it('says plainly why http:// is refused, on create and on update', async () => {
    const created = await admin
      .post('/api/webhooks')
      .send({ url: 'https://example.com/hook', events: ['lead.created'] });
    expect(created.status).toBe(201);
    const res = await admin
      .patch(`/api/webhooks/${created.body.endpoint.id}`)
      .send({ url: 'http://example.com/hook' });
    expectContract('updateWebhookEndpoint', res);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Webhook URLs must use https://. Plain http:// is allowed only on a server started with WEBHOOK_ALLOW_HTTP=1, for development.',
    );
  });

  it.each([
    ['leadKind=demo', '/query/leadId'],
    ['leadId=3', '/query/leadKind'],
    ['status=lost', '/query/status'],
    ['event=lead.deleted', '/query/event'],
    ['since=yesterday', '/query/since'],
    ['cursor=abc', '/query/cursor'],
  ] as const)('refuses the delivery filter %s at %s', async (query, path) => {
    const res = await admin.get(`/api/webhook-deliveries?${query}`);
    expectContract('listWebhookDeliveries', res);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it.each([
    ['year 0000', '0000-01-01T00:00:00Z'],
    ['an offset PostgreSQL does not take', '2026-01-01T00:00:00-23:59'],
    ['an offset of 16 hours', '2026-01-01T00:00:00+16:00'],
    ['an offset taking the instant before year 1', '0001-01-01T00:00:00+01:00'],
    ['30 February', '2026-02-30T00:00:00Z'],
    ['a no-break space as separator', '2026-01-01\u00a000:00:00Z'],
    ['a line separator as separator', '2026-01-01\u202800:00:00Z'],
    ['an ideographic space as separator', '2026-01-01\u300000:00:00Z'],
    ['a byte order mark as separator', '2026-01-01\ufeff00:00:00Z'],
  ])('refuses since with %s with 400', async (_what, since) => {
    const res = await admin.get('/api/webhook-deliveries').query({ since });
    expectContract('listWebhookDeliveries', res);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/query/since');
  });

  it('takes since in any RFC 3339 spelling PostgreSQL can hold', async () => {
    for (const since of [
      '2026-01-01T00:00:00Z',
      '2026-01-01 00:00:00.123456+01:00',
      '2026-01-01t00:00:00z',
      '2026-01-01T00:00:00+15:59',
      '0001-01-01T00:00:00-01:00',
    ]) {
      const res = await admin.get('/api/webhook-deliveries').query({ since });
      expect(res.status, since).toBe(200);
    }
  });

  it.each([
    ['shown', () => admin.get('/api/webhook-deliveries/99')],
    ['redelivered', () => admin.post('/api/webhook-deliveries/99/redeliver')],
  ])('says an unknown delivery cannot be %s (404)', async (_what, send) => {
    const res = await send();
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('There is no webhook delivery 99.');
  });

  it.each([
    ['GET /api/webhooks', () => strict.request().get('/api/webhooks')],
    ['GET /api/webhook-deliveries', () => strict.request().get('/api/webhook-deliveries')],
    ['GET /api/webhook-deliveries/1', () => strict.request().get('/api/webhook-deliveries/1')],
    [
      'POST /api/webhooks',
      () => strict.request().post('/api/webhooks').set('Origin', strict.baseUrl).send({}),
    ],
  ])('answers %s without a session with 401', async (_what, send) => {
    expect((await send()).status).toBe(401);
  });

  it('answers 403 to a change from another origin', async () => {
    const foreign = await admin.post('/api/webhooks').set('Origin', 'https://evil.example').send({});
    expectContract('createWebhookEndpoint', foreign);
    expect(foreign.status).toBe(403);
  });
});
