import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEndpoint,
  deliveries,
  deliveryDetail,
  startWebhookApp,
  type WebhookApp,
} from './webhook-app.ts';
import { expectAllValid, startReceiver, waitFor, type Receiver } from './webhook-receivers.ts';

// Deliveries as the network sees them: addresses a webhook may not reach, and a receiver too slow.
// Refused addresses are refused before a socket exists (request-filtering-agent checks an address
// literal at once and a name's addresses after DNS, before connecting): no packet leaves.

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 204 });
});

const contact = (app: WebhookApp) =>
  app.t
    .request()
    .post('/api/contact')
    .send({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' });

async function sendTest(app: WebhookApp, url: string) {
  const created = await app.admin.post('/api/webhooks').send({ url, events: ['lead.created'] });
  expect(created.status).toBe(201);
  receiver.secrets = [created.body.secret];
  const res = await app.admin.post(`/api/webhooks/${created.body.endpoint.id}/test`);
  expect(res.status).toBe(200);
  return res.body as {
    delivery: { status: string };
    attempts: { statusCode: number | null; error: string | null }[];
  };
}

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  let app: WebhookApp;
  beforeAll(async () => {
    app = await startWebhookApp({ webhookAllowPrivate: false });
  });
  afterAll(() => app.close());

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/hook`, 'Refused: 127.0.0.1 is'],
    [
      'a name resolving to loopback',
      (port: number) => `http://localhost:${port}/hook`,
      'Refused: localhost (',
    ],
    ['::1', (port: number) => `http://[::1]:${port}/hook`, 'Refused: ::1 is'],
    [
      'the cloud metadata address',
      () => 'http://169.254.169.254/latest/meta-data/',
      'Refused: 169.254.169.254 is',
    ],
  ])('refuses %s before connecting, and records why', async (_what, url, error) => {
    const res = await sendTest(app, url(receiver.port));
    expect(res.delivery.status).toBe('failed');
    expect(res.attempts).toHaveLength(1);
    expect(res.attempts[0]!.statusCode).toBeNull();
    expect(res.attempts[0]!.error).toContain(error);
    expect(res.attempts[0]!.error).toContain('webhooks only reach public addresses');
    expect(receiver.received).toEqual([]);
  });

  it.each([
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[::a9fe:a9fe]',
    '[::10.0.0.1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:0:a00:1]',
    '[64:ff9b::7f00:1]',
    '[64:ff9b:1::a00:1]',
    '[2002:7f00:1::1]',
    '[2002:a9fe:a9fe::1]',
    '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
  ])('refuses %s, an IPv6 form of an IPv4 address, before connecting', async (host) => {
    const res = await sendTest(app, `http://${host}:${receiver.port}/hook`);
    expect(res.delivery.status).toBe('failed');
    expect(res.attempts).toHaveLength(1);
    expect(res.attempts[0]!.statusCode).toBeNull();
    expect(res.attempts[0]!.error).toMatch(/^Refused: .* webhooks only reach public addresses\.$/);
    expect(receiver.received).toEqual([]);
  });

  it('retries a refused lead delivery like any failure, and never reaches the receiver', async () => {
    const { id } = await createEndpoint(app.admin, {
      ...receiver,
      url: `http://localhost:${receiver.port}/hook`,
    });
    await contact(app);
    const [delivery] = await waitFor('the delivery failed', async () => {
      const list = await deliveries(app.admin, { endpointId: id });
      return list[0]?.status === 'failed' ? list : undefined;
    });
    expect(delivery!.attempts).toBe(4);
    expect(receiver.received).toEqual([]);
  });
});

describe('with WEBHOOK_ALLOW_PRIVATE=1 (development and tests)', () => {
  let app: WebhookApp;
  beforeAll(async () => {
    app = await startWebhookApp({ webhookAllowPrivate: true });
  });
  afterAll(() => app.close());

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['localhost', (port: number) => `http://localhost:${port}/hook`],
  ])('reaches a receiver on %s', async (_what, url) => {
    const res = await sendTest(app, url(receiver.port));
    expect(res.delivery.status).toBe('succeeded');
    expect(receiver.received).toHaveLength(1);
    expectAllValid(receiver);
  });
});

describe('a receiver slower than 10 s', () => {
  let app: WebhookApp;
  beforeAll(async () => {
    app = await startWebhookApp({ webhookRetryScheduleMs: [500] });
  });
  afterAll(() => app.close());

  it('is a failed attempt after 10 s, retried with the same webhook-id', async () => {
    receiver.answer = (n) => (n === 0 ? { status: 200, delayMs: 12_000 } : { status: 200, body: 'ok now' });
    const { id } = await createEndpoint(app.admin, receiver);
    await contact(app);
    const [delivery] = await waitFor(
      'the retry to succeed',
      async () => {
        const list = await deliveries(app.admin, { endpointId: id });
        return list[0]?.status === 'succeeded' ? list : undefined;
      },
      30_000,
    );
    const detail = await deliveryDetail(app.admin, delivery!.id);
    expect(detail.attempts).toHaveLength(2);
    expect(detail.attempts[0]).toMatchObject({
      attempt: 1,
      statusCode: null,
      error: 'No answer within 10 s.',
    });
    expect(detail.attempts[0]!.durationMs).toBeGreaterThanOrEqual(10_000);
    // Given up at the timeout: the sender hung up before the receiver's answer (at 12 s) was sent.
    expect(receiver.received[0]!.hungUpFirst).toBe(true);
    expect(detail.attempts[1]).toMatchObject({ attempt: 2, statusCode: 200, responseExcerpt: 'ok now' });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.webhookId).toBe(receiver.received[0]!.webhookId);
    expectAllValid(receiver);
  }, 60_000);
});
