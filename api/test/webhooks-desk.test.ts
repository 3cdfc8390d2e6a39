import { describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { createEndpoint, useWebhookApp } from './webhook-app.ts';
import { expectAllValid } from './webhook-receivers.ts';

const fx = useWebhookApp({ answer: () => ({ status: 200, body: 'thanks' }) });

const ALL_EVENTS = [
  'lead.created',
  'lead.status_changed',
  'demo.scheduled',
  'newsletter.confirmed',
  'newsletter.unsubscribed',
];

describe('webhook endpoints in the desk', () => {
  it('creates an endpoint and answers its whsec_ secret once, never again', async () => {
    const res = await fx.app.admin
      .post('/api/webhooks')
      .send({ url: fx.receiver.url, events: ['lead.created'], description: '  CRM  ' });
    expectContract('createWebhookEndpoint', res);
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.body.endpoint).toMatchObject({
      url: fx.receiver.url,
      description: 'CRM',
      events: ['lead.created'],
      leadKinds: [],
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      previousSecretExpiresAt: null,
    });
    const one = await fx.app.admin.get(`/api/webhooks/${res.body.endpoint.id}`);
    expectContract('getWebhookEndpoint', one);
    const list = await fx.app.admin.get('/api/webhooks');
    expectContract('listWebhookEndpoints', list);
    expect(list.body.endpoints).toEqual([one.body]);
    expect(JSON.stringify([one.body, list.body])).not.toContain(res.body.secret.slice(6));
  });

  it('changes the URL, events and lead kinds, and says who disabled it until it is enabled again', async () => {
    const { id } = await createEndpoint(fx.app.admin, fx.receiver);
    const changed = await fx.app.admin
      .patch(`/api/webhooks/${id}`)
      .send({ events: ['lead.created'], leadKinds: ['demo', 'contact'], url: `${fx.receiver.url}?v=2` });
    expectContract('updateWebhookEndpoint', changed);
    expect(changed.body).toMatchObject({ events: ['lead.created'], leadKinds: ['demo', 'contact'] });
    expect(changed.body.url).toBe(`${fx.receiver.url}?v=2`);

    const off = await fx.app.admin.patch(`/api/webhooks/${id}`).send({ enabled: false });
    expectContract('updateWebhookEndpoint', off);
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'manual' });
    expect(Date.parse(off.body.disabledAt)).toBeGreaterThan(Date.now() - 60_000);
    const on = await fx.app.admin.patch(`/api/webhooks/${id}`).send({ enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });

    const nothing = await fx.app.admin.patch(`/api/webhooks/${id}`).send({});
    expectContract('updateWebhookEndpoint', nothing);
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toBe('Send at least one field to change');
  });

  it.each([
    ['shown', (id: number) => fx.app.admin.get(`/api/webhooks/${id}`)],
    ['deleted again', (id: number) => fx.app.admin.delete(`/api/webhooks/${id}`)],
    ['changed', (id: number) => fx.app.admin.patch(`/api/webhooks/${id}`).send({ enabled: false })],
    ['given a new secret', (id: number) => fx.app.admin.post(`/api/webhooks/${id}/rotate-secret`)],
    ['sent a test event', (id: number) => fx.app.admin.post(`/api/webhooks/${id}/test`)],
  ])('deletes an endpoint; it then cannot be %s (404)', async (_what, send) => {
    const { id } = await createEndpoint(fx.app.admin, fx.receiver);
    const gone = await fx.app.admin.delete(`/api/webhooks/${id}`);
    expectContract('deleteWebhookEndpoint', gone);
    expect(gone.status).toBe(204);
    const res = await send(id);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`There is no webhook endpoint ${id}.`);
  });

  it('rotates the secret: a new one once, the old one in force for 24 hours more', async () => {
    const first = await fx.app.admin.post('/api/webhooks').send({ url: fx.receiver.url, events: ALL_EVENTS });
    const res = await fx.app.admin.post(`/api/webhooks/${first.body.endpoint.id}/rotate-secret`);
    expectContract('rotateWebhookSecret', res);
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(first.body.secret);
    const expires = Date.parse(res.body.endpoint.previousSecretExpiresAt);
    expect(Math.abs(expires - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
  });

  it('sends a test event at once, signed, and answers the attempt', async () => {
    const { id } = await createEndpoint(fx.app.admin, fx.receiver, { events: ['newsletter.confirmed'] });
    const res = await fx.app.admin.post(`/api/webhooks/${id}/test`);
    expectContract('sendWebhookTest', res);
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({
      event: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      lead: null,
    });
    expect(res.body.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, responseExcerpt: 'thanks', error: null }),
    ]);
    expect(res.body.payload).toMatchObject({ type: 'webhook.test', data: { endpointId: id } });
    expect(fx.receiver.received).toHaveLength(1);
    expect(fx.receiver.received[0]!.webhookId).toBe(res.body.delivery.webhookId);
    expectAllValid(fx.receiver);
  });

  it('keeps a failed test event in the log without retrying it', async () => {
    fx.receiver.answer = () => ({ status: 500, body: 'x'.repeat(5000) });
    const { id } = await createEndpoint(fx.app.admin, fx.receiver, { enabled: false });
    const res = await fx.app.admin.post(`/api/webhooks/${id}/test`);
    expectContract('sendWebhookTest', res);
    expect(res.body.delivery).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(res.body.attempts[0]).toMatchObject({ statusCode: 500, error: null });
    expect(res.body.attempts[0].responseExcerpt).toBe('x'.repeat(1024));
    const endpoint = await fx.app.admin.get(`/api/webhooks/${id}`);
    expect(endpoint.body.failingSince).toBeNull();
  });
});
