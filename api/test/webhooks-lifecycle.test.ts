import { describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { createEndpoint, deliveries, useWebhookApp } from './webhook-app.ts';
import { expectAllValid, waitFor } from './webhook-receivers.ts';

const fx = useWebhookApp({ alsoEmpty: ['contact_submissions', 'demo_requests'] });

async function contact(): Promise<number> {
  const res = await fx.app.t
    .request()
    .post('/api/contact')
    .send({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' });
  return res.body.id as number;
}

const received = (n: number) => waitFor(`${n} requests`, () => fx.receiver.received.length >= n || undefined);

describe('the relay', () => {
  it('delivers events written while no job runner or relay was running, once one starts', async () => {
    const { id } = await createEndpoint(fx.app.admin, fx.receiver);
    await fx.app.stopJobs();
    try {
      const jobs = `SELECT count(*)::int AS n FROM graphile_worker.jobs`;
      const before = (await fx.app.t.db.query(jobs)).rows[0].n;
      await contact();
      const { rows } = await fx.app.t.db.query(
        `SELECT (SELECT count(*) FROM webhook_outbox)::int AS outbox,
                (SELECT count(*) FROM webhook_deliveries)::int AS deliveries`,
      );
      expect(rows[0]).toEqual({ outbox: 1, deliveries: 0 });
      expect((await fx.app.t.db.query(jobs)).rows[0].n).toBe(before);
    } finally {
      await fx.app.startJobs();
    }
    await received(1);
    expectAllValid(fx.receiver);
    const [delivery] = await waitFor('the success recorded', async () => {
      const list = await deliveries(fx.app.admin, { endpointId: id, status: 'succeeded' });
      return list.length ? list : undefined;
    });
    expect(delivery!.attempts).toBe(1);
  });

  it('drops a delivery whose endpoint was deleted as the relay wrote it', async () => {
    await fx.app.t.db.query(
      `WITH ev AS (INSERT INTO webhook_events (type, data) VALUES ('webhook.test', '{}') RETURNING id),
       d AS (INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT id, 999999 FROM ev RETURNING id)
       SELECT webhook_enqueue(array_agg(id)) FROM d`,
    );
    await waitFor('the orphan deleted', async () => {
      const { rows } = await fx.app.t.db.query('SELECT count(*)::int AS n FROM webhook_deliveries');
      return rows[0].n === 0 || undefined;
    });
    expect(fx.receiver.received).toEqual([]);
  });
});

describe('secret rotation', () => {
  it('signs with the old and the new secret for 24 hours, then with the new one alone', async () => {
    const { id } = await createEndpoint(fx.app.admin, fx.receiver);
    const [oldSecret] = fx.receiver.secrets;
    const rotated = await fx.app.admin.post(`/api/webhooks/${id}/rotate-secret`);
    fx.receiver.secrets = [oldSecret!, rotated.body.secret];
    await contact();
    await received(1);
    expect(fx.receiver.received[0]!.verifiedWith).toEqual([oldSecret, rotated.body.secret]);
    expect(fx.receiver.received[0]!.signature.split(' ')).toHaveLength(2);

    await fx.app.t.db.query(
      `UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second'`,
    );
    await contact();
    await received(2);
    expect(fx.receiver.received[1]!.verifiedWith).toEqual([rotated.body.secret]);
    const endpoint = await fx.app.admin.get(`/api/webhooks/${id}`);
    expect(endpoint.body.previousSecretExpiresAt).toBeNull();
    expectAllValid(fx.receiver);
  });
});

describe('redelivery', () => {
  it('sends the same event again as a new delivery with the same webhook-id', async () => {
    const { id: endpointId } = await createEndpoint(fx.app.admin, fx.receiver);
    await contact();
    await received(1);
    const [first] = await waitFor('a success', async () => {
      const list = await deliveries(fx.app.admin, { endpointId, status: 'succeeded' });
      return list.length ? list : undefined;
    });
    const res = await fx.app.admin.post(`/api/webhook-deliveries/${first!.id}/redeliver`);
    expectContract('redeliverWebhook', res);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      redeliveryOf: first!.id,
      status: 'pending',
      attempts: 0,
      webhookId: first!.webhookId,
    });
    await received(2);
    expect(fx.receiver.received[1]!.webhookId).toBe(fx.receiver.received[0]!.webhookId);
    expectAllValid(fx.receiver);

    await fx.app.admin.patch(`/api/webhooks/${endpointId}`).send({ enabled: false });
    const refused = await fx.app.admin.post(`/api/webhook-deliveries/${first!.id}/redeliver`);
    expectContract('redeliverWebhook', refused);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The endpoint is disabled. Enable it, then redeliver.');
  });
});

describe('the delivery log', () => {
  it("lists a lead's deliveries for its page, filters them, and pages with a cursor", async () => {
    const a = await createEndpoint(fx.app.admin, fx.receiver);
    const b = await createEndpoint(fx.app.admin, fx.receiver);
    fx.receiver.secrets = [];
    const demo = await fx.app.t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    await fx.app.admin.patch(`/api/demos/${demo.body.id}`).send({ status: 'confirmed' });
    await contact();
    await received(6);

    const mine = await deliveries(fx.app.admin, { leadKind: 'demo', leadId: demo.body.id });
    expect(mine.map((d) => d.event).sort()).toEqual([
      'lead.created',
      'lead.created',
      'lead.status_changed',
      'lead.status_changed',
    ]);
    expect(mine.map((d) => d.lead)).toEqual(mine.map(() => ({ kind: 'demo', id: demo.body.id })));
    expect(await deliveries(fx.app.admin, { leadKind: 'contact', leadId: demo.body.id })).toHaveLength(0);
    expect(await deliveries(fx.app.admin, { endpointId: a.id, event: 'lead.status_changed' })).toHaveLength(
      1,
    );
    expect(await deliveries(fx.app.admin, { endpointId: b.id, status: 'failed' })).toHaveLength(0);
    expect(
      await deliveries(fx.app.admin, { since: new Date(Date.now() + 60_000).toISOString() }),
    ).toHaveLength(0);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await fx.app.admin
        .get('/api/webhook-deliveries')
        .query({ limit: 4, ...(cursor ? { cursor } : {}) });
      expectContract('listWebhookDeliveries', res);
      seen.push(...res.body.deliveries.map((d: { id: number }) => d.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect([...seen].sort((x, y) => y - x)).toEqual(seen);
  });
});

describe('an endpoint failing for 5 days', () => {
  it('is disabled, says so, gets no new deliveries, and starts afresh when enabled', async () => {
    fx.receiver.answer = () => ({ status: 500 });
    const { id } = await createEndpoint(fx.app.admin, fx.receiver);
    await fx.app.t.db.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '4 days 23 hours'`,
    );
    await contact();
    await received(1);
    const stillOn = await waitFor('the first attempt recorded', async () => {
      const [d] = await deliveries(fx.app.admin, { endpointId: id });
      return d?.attempts ? (await fx.app.admin.get(`/api/webhooks/${id}`)).body : undefined;
    });
    expect(stillOn).toMatchObject({ enabled: true, disabledReason: null });
    // The first delivery's retries end first: one of them, failing after the clock below moves,
    // would disable the endpoint before the second lead, which would then get no delivery.
    await waitFor('the first delivery failed for good', async () => {
      const [d] = await deliveries(fx.app.admin, { endpointId: id });
      return d?.status === 'failed' ? d : undefined;
    });

    await fx.app.t.db.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute'`,
    );
    const before = fx.receiver.received.length;
    await contact();
    const off = await waitFor('the endpoint disabled', async () => {
      const res = await fx.app.admin.get(`/api/webhooks/${id}`);
      return res.body.enabled ? undefined : res;
    });
    expectContract('getWebhookEndpoint', off);
    expect(off.body.disabledReason).toBe('failing');
    expect(Date.parse(off.body.disabledAt)).toBeGreaterThan(Date.now() - 60_000);

    // Retries due after that are not sent; new leads make no delivery.
    const log = await waitFor('every delivery settled', async () => {
      const list = await deliveries(fx.app.admin, { endpointId: id });
      return list.every((d) => d.status === 'failed') ? list : undefined;
    });
    expect(log).toHaveLength(2);
    expect(log.map((d) => d.lastAttempt?.error)).toContain(
      'Not sent: the endpoint is disabled. Enable it, then redeliver.',
    );
    const sent = fx.receiver.received.length;
    expect(sent).toBeLessThanOrEqual(before + 2);
    await contact();
    expect(await deliveries(fx.app.admin, { endpointId: id })).toHaveLength(2);

    const on = await fx.app.admin.patch(`/api/webhooks/${id}`).send({ enabled: true });
    expect(on.body).toMatchObject({
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
  });
});
