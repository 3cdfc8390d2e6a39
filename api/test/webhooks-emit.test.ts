import { beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.ts';
import { LINK_KEY, signToken } from '../src/newsletter/tokens.ts';
import { createSecrets } from '../src/secrets/secrets.ts';
import { emitEvent } from '../src/webhooks/emit.ts';
import { expectContract } from './contract.ts';
import { createEndpoint, deliveries, useWebhookApp } from './webhook-app.ts';
import { expectAllValid, waitFor } from './webhook-receivers.ts';

// demo.scheduled and newsletter.* come from code outside this feature (invitations, double
// opt-in), which calls emitEvent inside its own transactions: emitEvent itself, then the events
// the desk's invitations and the newsletter's links cause through the real API operations,
// delivered to a real receiver and checked against the contract (docs/webhooks.md#events).

const fx = useWebhookApp();

const received = (n: number) => waitFor(`${n} requests`, () => fx.receiver.received.length >= n || undefined);

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
    verified: true,
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
    await createEndpoint(fx.app.admin, fx.receiver, { events: ['lead.created'] });
    const queued = await inTransaction(fx.app.t.db, (client) =>
      emitEvent(client, 'newsletter.confirmed', { kind: 'newsletter', lead: subscriber }),
    );
    expect(queued).toBe(0);
    const { rows } = await fx.app.t.db.query('SELECT count(*)::int AS n FROM webhook_events');
    expect(rows[0].n).toBe(0);
  });

  it('commits with the caller and vanishes with its rollback', async () => {
    await createEndpoint(fx.app.admin, fx.receiver);
    const invitation = {
      startsAt: '2026-12-01T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      meetingUrl: null,
    };
    await expect(
      inTransaction(fx.app.t.db, async (client) => {
        await emitEvent(client, 'demo.scheduled', { kind: 'demo', lead, invitation });
        throw new Error('the invitation could not be stored');
      }),
    ).rejects.toThrow('the invitation could not be stored');
    const { rows } = await fx.app.t.db.query('SELECT count(*)::int AS n FROM webhook_events');
    expect(rows[0].n).toBe(0);

    const queued = await inTransaction(fx.app.t.db, async (client) => [
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
    expectAllValid(fx.receiver);
    expect(fx.receiver.received.map((r) => r.payload.type).sort()).toEqual([
      'demo.scheduled',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
    ]);
    expect(await deliveries(fx.app.admin, { leadKind: 'newsletter', leadId: 9 })).toHaveLength(2);
  });
});

/** The events committed so far, oldest first (each one is delivered once to the one endpoint). */
const emitted = async () =>
  (await fx.app.t.db.query<{ type: string }>('SELECT type FROM webhook_events ORDER BY created_at')).rows.map(
    (r) => r.type,
  );

/** Waits for every committed event to reach the receiver, checks them all, and returns them by type. */
async function delivered() {
  const n = (await emitted()).length;
  await waitFor(`${n} deliveries`, () => fx.receiver.received.length >= n || undefined);
  expect(fx.receiver.received).toHaveLength(n);
  expectAllValid(fx.receiver);
  // Deliveries run side by side and may arrive in any order: in the order the events happened.
  const inOrder = [...fx.receiver.received].sort((a, b) =>
    String(a.payload.timestamp).localeCompare(String(b.payload.timestamp)),
  );
  return (type: string) => inOrder.filter((r) => r.payload.type === type).map((r) => r.payload.data);
}

const nextYear = new Date().getUTCFullYear() + 1;

describe('demo invitation events', () => {
  beforeEach(() => createEndpoint(fx.app.admin, fx.receiver));

  it('emits demo.scheduled on a send and on a move, and lead.status_changed only when the status changes', async () => {
    const demo = await fx.app.t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect(demo.status).toBe(201);
    const id = demo.body.id as number;
    expect(await emitted()).toEqual(['lead.created']);

    const sent = await fx.app.admin.put(`/api/demos/${id}/invitation`).send({
      date: `${nextYear}-07-01`,
      time: '15:30',
      timeZone: 'Europe/Berlin',
      durationMinutes: 45,
      meetingUrl: 'https://meet.example.com/textflow-demo',
    });
    expectContract('scheduleDemoInvitation', sent);
    expect(sent.status).toBe(200);
    expect((await emitted()).slice(1).sort()).toEqual(['demo.scheduled', 'lead.status_changed']);

    // A move keeps the status (confirmed): it reschedules, and says nothing about a status.
    const moved = await fx.app.admin.put(`/api/demos/${id}/invitation`).send({
      date: `${nextYear}-07-02`,
      time: '09:00',
      timeZone: 'America/New_York',
      durationMinutes: 30,
    });
    expect(moved.status).toBe(200);
    expect((await emitted()).slice(3)).toEqual(['demo.scheduled']);

    const cancelled = await fx.app.admin.delete(`/api/demos/${id}/invitation`);
    expectContract('cancelDemoInvitation', cancelled);
    expect(cancelled.status).toBe(200);
    expect((await emitted()).slice(4)).toEqual(['lead.status_changed']);

    const of = await delivered();
    expect(of('demo.scheduled')).toEqual([
      {
        kind: 'demo',
        lead: sent.body,
        invitation: {
          startsAt: sent.body.invitation.startsAt,
          timeZone: 'Europe/Berlin',
          durationMinutes: 45,
          meetingUrl: 'https://meet.example.com/textflow-demo',
        },
      },
      {
        kind: 'demo',
        lead: moved.body,
        invitation: {
          startsAt: `${nextYear}-07-02T13:00:00.000Z`,
          timeZone: 'America/New_York',
          durationMinutes: 30,
          meetingUrl: null,
        },
      },
    ]);
    expect(of('lead.status_changed')).toEqual([
      { kind: 'demo', lead: sent.body, previousStatus: 'pending' },
      { kind: 'demo', lead: cancelled.body, previousStatus: 'confirmed' },
    ]);
  });
});

describe('newsletter link events', () => {
  beforeEach(() => createEndpoint(fx.app.admin, fx.receiver));

  const subscribe = async (email: string) => {
    const res = await fx.app.t.request().post('/api/newsletter').send({ email });
    expect(res.status).toBe(202);
    const { rows } = await fx.app.t.db.query<{ consent: number; id: number }>(
      `SELECT c.id AS consent, s.id FROM newsletter_subscribers s
         JOIN newsletter_consents c ON c.subscriber_id = s.id
        WHERE s.email = $1 ORDER BY c.id DESC LIMIT 1`,
      [email],
    );
    return rows[0]!;
  };
  /** The links the emails carry, signed with the server's key as the mailer signs them. */
  const links = async (s: { consent: number; id: number }) => {
    const key = await createSecrets(fx.app.t.db).get(LINK_KEY);
    return {
      confirm: signToken(key, 'confirm', s.consent, new Date(Date.now() + 60_000)),
      unsubscribe: signToken(key, 'unsubscribe', s.id, null),
    };
  };
  const post = (path: string, token: string) =>
    fx.app.t.request().post(`/api/newsletter/${path}`).send({ token });
  const lead = async (id: number) => {
    const res = await fx.app.admin.get(`/api/newsletters/${id}`);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };

  it('emits newsletter.confirmed once, when the link activates the subscriber, and unsubscribed by them', async () => {
    const s = await subscribe('news@example.com');
    const link = await links(s);
    // An unsubscribe before the confirmation ends a subscription that never started: no event.
    const pending = await subscribe('pending@example.com');
    expect((await post('unsubscribe', (await links(pending)).unsubscribe)).status).toBe(200);
    expect(await emitted()).toEqual(['lead.created', 'lead.created']);

    const confirmed = await post('confirm', link.confirm);
    expectContract('confirmNewsletter', confirmed);
    expect(await emitted()).toEqual(['lead.created', 'lead.created', 'newsletter.confirmed']);
    const active = await lead(s.id);
    expect(active).toMatchObject({ status: 'active' });

    // The same link again changes nothing and says nothing more.
    expect((await post('confirm', link.confirm)).status).toBe(confirmed.status);
    expect(await emitted()).toHaveLength(3);

    const unsubscribed = await post('unsubscribe', link.unsubscribe);
    expectContract('unsubscribeNewsletter', unsubscribed);
    expect(await emitted()).toEqual([
      'lead.created',
      'lead.created',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
    ]);
    const inactive = await lead(s.id);
    // Unsubscribing again (the link is still in the email) is no new event either.
    await post('unsubscribe', link.unsubscribe);
    expect(await emitted()).toHaveLength(4);

    const of = await delivered();
    expect(of('newsletter.confirmed')).toEqual([{ kind: 'newsletter', lead: active }]);
    expect(of('newsletter.unsubscribed')).toEqual([{ kind: 'newsletter', lead: inactive, by: 'subscriber' }]);
  });

  it('emits newsletter.confirmed again when a new link reactivates an unsubscribed address', async () => {
    const first = await subscribe('back@example.com');
    await post('confirm', (await links(first)).confirm);
    await post('unsubscribe', (await links(first)).unsubscribe);
    // A new confirmation email goes out at most every few minutes: let them pass.
    await fx.app.t.db.query(`UPDATE newsletter_consents SET requested_at = requested_at - interval '1 hour'`);
    const again = await subscribe('back@example.com');
    expect(again.consent).not.toBe(first.consent);
    await post('confirm', (await links(again)).confirm);
    expect(await emitted()).toEqual([
      'lead.created',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
      'newsletter.confirmed',
    ]);
    await delivered();
  });
});
