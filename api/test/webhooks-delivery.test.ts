import { describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { createEndpoint, deliveries, deliveryDetail, useWebhookApp } from './webhook-app.ts';
import { expectAllValid, waitFor } from './webhook-receivers.ts';

const fx = useWebhookApp({
  receivers: 2,
  alsoEmpty: ['contact_submissions', 'demo_requests', 'get_started_requests', 'newsletter_subscribers'],
});

const leads = {
  contact: [
    '/api/contact',
    { name: 'Ada Lovelace', email: 'Ada@Example.com', message: 'Please call me back.' },
  ],
  demo: ['/api/demo', { name: 'Grace Hopper', email: 'grace@example.com', preferredTime: 'morning' }],
  'get-started': [
    '/api/get-started',
    { name: 'Alan Turing', email: 'alan@example.com', monthlyVolume: '1k-10k' },
  ],
  newsletter: ['/api/newsletter', { email: 'news@example.com' }],
} as const;

async function submit(kind: keyof typeof leads): Promise<number> {
  const [path, body] = leads[kind];
  const res = await fx.app.t.request().post(path).send(body);
  if (kind !== 'newsletter') {
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  // A subscription answers alike for every address and names no subscriber (docs/product.md#leads):
  // the desk finds it.
  expect(res.status).toBe(202);
  const list = await fx.app.admin.get('/api/newsletters').query({ q: body.email });
  return list.body.newsletters[0].id as number;
}

const settled = (endpointId: number, n: number) =>
  waitFor(`${n} settled deliveries`, async () => {
    const list = await deliveries(fx.app.admin, { endpointId });
    return list.length === n && list.every((d) => d.status !== 'pending') ? list : undefined;
  });

describe('lead.created', () => {
  it('reaches the endpoint for every kind of lead, signed, with the lead as the desk shows it', async () => {
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver);
    const ids = {
      contact: await submit('contact'),
      demo: await submit('demo'),
      'get-started': await submit('get-started'),
      newsletter: await submit('newsletter'),
    };
    await waitFor('4 requests', () => fx.receiver.received.length >= 4 || undefined);
    expectAllValid(fx.receiver);
    const payloads = Object.fromEntries(fx.receiver.received.map((r) => [r.payload.data.kind, r.payload]));
    const deskPaths = {
      contact: 'contacts',
      demo: 'demos',
      'get-started': 'get-started',
      newsletter: 'newsletters',
    };
    for (const [kind, id] of Object.entries(ids)) {
      const desk = await fx.app.admin.get(`/api/${deskPaths[kind as keyof typeof deskPaths]}/${id}`);
      expect(payloads[kind]).toEqual({
        type: 'lead.created',
        timestamp: desk.body.createdAt,
        data: { kind, lead: desk.body },
      });
    }
    const log = await settled(endpointId, 4);
    expect(log.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    // The relay writes deliveries in batches, in no particular order (none is promised).
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind);
    expect(log.map((d) => d.lead!).sort(byKind)).toEqual(
      Object.entries(ids)
        .map(([kind, id]) => ({ kind, id }))
        .sort(byKind),
    );
  });

  it('goes only to enabled endpoints subscribed to it, for the lead kinds they ask for', async () => {
    const demos = await createEndpoint(fx.app.admin, fx.receiver, {
      events: ['lead.created'],
      leadKinds: ['demo'],
    });
    await createEndpoint(fx.app.admin, fx.other, { events: ['lead.status_changed'] });
    const off = await createEndpoint(fx.app.admin, fx.other, { events: ['lead.created'], enabled: false });
    await submit('contact');
    const demoId = await submit('demo');
    await settled(demos.id, 1);
    expect(fx.receiver.received.map((r) => r.payload.data.lead)).toEqual([
      expect.objectContaining({ id: demoId }),
    ]);
    expect(fx.other.received).toEqual([]);
    expect(await deliveries(fx.app.admin, { endpointId: off.id })).toEqual([]);
  });

  it('writes no event and no job when no endpoint is subscribed', async () => {
    await createEndpoint(fx.app.admin, fx.receiver, { events: ['newsletter.confirmed'] });
    const { rows: before } = await fx.app.t.db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs');
    await submit('contact');
    await submit('newsletter');
    const { rows } = await fx.app.t.db.query(
      `SELECT (SELECT count(*) FROM webhook_events)::int AS events,
              (SELECT count(*) FROM graphile_worker.jobs)::int AS jobs`,
    );
    expect(rows[0]).toEqual({ events: 0, jobs: before[0].n });
  });
});

describe('retries', () => {
  it('retries a failed attempt with the same webhook-id until the receiver answers 2xx', async () => {
    fx.receiver.answer = (n) =>
      n === 0 ? { status: 500, body: 'database is down' } : { status: 200, body: 'ok' };
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver);
    await submit('contact');
    const [delivery] = await settled(endpointId, 1);
    expect(fx.receiver.received).toHaveLength(2);
    expect(fx.receiver.received[1]!.webhookId).toBe(fx.receiver.received[0]!.webhookId);
    expect(fx.receiver.received[1]!.body).toBe(fx.receiver.received[0]!.body);
    expectAllValid(fx.receiver);
    const detail = await deliveryDetail(fx.app.admin, delivery!.id);
    expect(detail.delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(detail.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([
      [1, 500, 'database is down'],
      [2, 200, 'ok'],
    ]);
    const endpoint = await fx.app.admin.get(`/api/webhooks/${endpointId}`);
    expect(endpoint.body.failingSince).toBeNull();
  });

  it('fails a delivery after the last retry, and starts the endpoint failure clock', async () => {
    fx.receiver.answer = () => ({ status: 503 });
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver);
    await submit('demo');
    const [delivery] = await settled(endpointId, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null });
    expect(fx.receiver.received).toHaveLength(4);
    expect(new Set(fx.receiver.received.map((r) => r.webhookId)).size).toBe(1);
    const endpoint = await fx.app.admin.get(`/api/webhooks/${endpointId}`);
    expect(endpoint.body).toMatchObject({ enabled: true, disabledReason: null });
    expect(Date.parse(endpoint.body.failingSince)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not follow a redirect: the 3xx is a failed attempt and its target gets nothing', async () => {
    fx.receiver.answer = () => ({ status: 302, headers: { Location: fx.other.url } });
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver);
    await submit('contact');
    const [delivery] = await settled(endpointId, 1);
    expect(delivery!.status).toBe('failed');
    expect(fx.other.received).toEqual([]);
    const detail = await deliveryDetail(fx.app.admin, delivery!.id);
    expect(detail.attempts).toHaveLength(4);
    for (const a of detail.attempts) {
      expect(a.statusCode).toBe(302);
      expect(a.error).toBe(`Redirect to ${fx.other.url} not followed; answer 2xx at the configured URL.`);
    }
  });
});

describe('lead.status_changed', () => {
  it('is sent when the desk changes a status, with the status before', async () => {
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver, {
      events: ['lead.status_changed'],
    });
    const demoId = await submit('demo');
    const res = await fx.app.admin.patch(`/api/demos/${demoId}`).send({ status: 'confirmed' });
    expectContract('updateDemoRequest', res);
    const again = await fx.app.admin.patch(`/api/demos/${demoId}`).send({ status: 'confirmed' });
    expect(again.status).toBe(200);
    const gsId = await submit('get-started');
    await fx.app.admin.patch(`/api/get-started/${gsId}`).send({ status: 'contacted' });
    const subscriber = await submit('newsletter');
    await fx.app.admin.patch(`/api/newsletters/${subscriber}`).send({ isActive: false });
    await settled(endpointId, 2);
    expectAllValid(fx.receiver);
    // No order between events is promised (docs/webhooks.md): compared by kind.
    const byKind = fx.receiver.received
      .map((r) => r.payload.data as { kind: string })
      .sort((a, b) => a.kind.localeCompare(b.kind));
    expect(byKind).toEqual([
      { kind: 'demo', lead: res.body, previousStatus: 'pending' },
      {
        kind: 'get-started',
        lead: expect.objectContaining({ id: gsId, status: 'contacted' }),
        previousStatus: 'pending',
      },
    ]);
  });
});
