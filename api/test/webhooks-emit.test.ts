import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.ts';
import { emitEvent } from '../src/webhooks/emit.ts';
import { createEndpoint, deliveries, startWebhookApp, type WebhookApp } from './webhook-app.ts';
import { expectAllValid, startReceiver, waitFor, type Receiver } from './webhook-receivers.ts';

// demo.scheduled and newsletter.* come from code outside this feature (invitations, double
// opt-in), which calls emitEvent inside its own transactions.

let app: WebhookApp;
let receiver: Receiver;
beforeAll(async () => {
  app = await startWebhookApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});
beforeEach(async () => {
  await app.t.db.query(
    'TRUNCATE webhook_endpoints, webhook_events, webhook_outbox, webhook_deliveries, webhook_attempts',
  );
  receiver.received.length = 0;
});

const received = (n: number) => waitFor(`${n} requests`, () => receiver.received.length >= n || undefined);

describe('events emitted by other code (emitEvent)', () => {
  const lead = {
    id: 7,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '',
    company: '',
    preferredDate: '',
    preferredTime: '',
    message: '',
    status: 'confirmed',
    createdAt: new Date().toISOString(),
    invitation: null,
    assigneeId: null,
    attribution: {
      landingPage: '',
      referrer: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmTerm: '',
      utmContent: '',
    },
    spamCheck: '',
  } as const;
  const subscriber = {
    id: 9,
    email: 'news@example.com',
    status: 'active' as const,
    isActive: true,
    createdAt: new Date().toISOString(),
    confirmedAt: new Date().toISOString(),
    assigneeId: null,
  };

  it('writes nothing when no endpoint subscribes to the event', async () => {
    await createEndpoint(app.admin, receiver, { events: ['lead.created'] });
    const queued = await inTransaction(app.t.db, (client) =>
      emitEvent(client, 'newsletter.confirmed', { kind: 'newsletter', lead: subscriber }),
    );
    expect(queued).toBe(0);
    const { rows } = await app.t.db.query('SELECT count(*)::int AS n FROM webhook_events');
    expect(rows[0].n).toBe(0);
  });

  it('commits with the caller and vanishes with its rollback', async () => {
    await createEndpoint(app.admin, receiver);
    const invitation = {
      startsAt: '2026-12-01T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      meetingUrl: null,
    };
    await expect(
      inTransaction(app.t.db, async (client) => {
        await emitEvent(client, 'demo.scheduled', { kind: 'demo', lead, invitation });
        throw new Error('the invitation could not be stored');
      }),
    ).rejects.toThrow('the invitation could not be stored');
    const { rows } = await app.t.db.query('SELECT count(*)::int AS n FROM webhook_events');
    expect(rows[0].n).toBe(0);

    const queued = await inTransaction(app.t.db, async (client) => [
      await emitEvent(client, 'demo.scheduled', { kind: 'demo', lead, invitation }),
      await emitEvent(client, 'newsletter.confirmed', { kind: 'newsletter', lead: subscriber }),
      await emitEvent(client, 'newsletter.unsubscribed', {
        kind: 'newsletter',
        lead: { ...subscriber, status: 'inactive', isActive: false },
        by: 'subscriber',
      }),
    ]);
    expect(queued).toEqual([1, 1, 1]);
    await received(3);
    expectAllValid(receiver);
    expect(receiver.received.map((r) => r.payload.type).sort()).toEqual([
      'demo.scheduled',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
    ]);
    expect(await deliveries(app.admin, { leadKind: 'newsletter', leadId: 9 })).toHaveLength(2);
  });
});
