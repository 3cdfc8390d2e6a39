import { describe, expect, it } from 'vitest';
import { createEndpoint, useWebhookApp } from './webhook-app.ts';
import { expectAllValid, waitFor } from './webhook-receivers.ts';

// A prospect's booking as the customer's other tools hear of it (docs/demo-slots.md#picking-a-time):
// demo.booked with the time and host, beside demo.scheduled, lead.assigned and lead.status_changed,
// each signed and as the contract's `webhooks` section describes it, delivered to a real receiver.

const hooks = useWebhookApp({
  alsoEmpty: ['demo_schedule', 'demo_schedule_hours', 'demo_hosts', 'demo_bookings', 'demo_requests'],
});

describe('webhooks of a booked demo', () => {
  it('sends demo.booked with the time and the host, and the changes the booking made', async () => {
    const { app, receiver } = hooks;
    const adminId = Number(
      (await app.t.db.query(`SELECT id FROM admin_users WHERE username = 'admin'`)).rows[0].id,
    );
    const saved = await app.admin.put('/api/demo-schedule').send({
      timeZone: 'Asia/Kolkata',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      overrides: [],
      lengthMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 30,
      horizonDays: 2,
      dailyCap: null,
      hostIds: [adminId],
    });
    expect(saved.status).toBe(200);
    await createEndpoint(app.admin, receiver, {
      events: ['demo.booked', 'demo.scheduled', 'lead.assigned', 'lead.status_changed'],
    });

    const prospect = app.t.request();
    const created = await prospect.post('/api/demo').send({
      name: 'Hook Prospect',
      email: 'hook@example.com',
      preferredDate: 'flexible',
      preferredTime: 'flexible',
    });
    expect(created.status).toBe(201);
    const slot = (await prospect.get('/api/demo-booking')).body.slots[0] as { start: string; end: string };
    const booked = await prospect.post('/api/demo-booking').send({ start: slot.start });
    expect(booked.status).toBe(201);

    const types = () => receiver.received.map((r) => r.payload.type).sort();
    await waitFor('four events', () => (receiver.received.length >= 4 ? true : undefined));
    expect(types()).toEqual(['demo.booked', 'demo.scheduled', 'lead.assigned', 'lead.status_changed']);
    expectAllValid(receiver);
    const event = receiver.received.find((r) => r.payload.type === 'demo.booked')!.payload.data;
    expect(event).toMatchObject({
      kind: 'demo',
      lead: { id: created.body.id, status: 'confirmed', assigneeId: adminId },
      booking: {
        startsAt: slot.start,
        endsAt: slot.end,
        hostTimeZone: 'Asia/Kolkata',
        host: { id: adminId, username: 'admin' },
      },
    });
  });
});
