import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailApp, type MailApp } from './mail-app.ts';

// A booked slot's invitation as it reaches a real SMTP server (docs/demo-slots.md#picking-a-time):
// iCalendar METHOD:REQUEST with the host as organizer, to the prospect and the host in one
// message, replies to the host, the UID the booking's.

let app: MailApp;

beforeAll(async () => {
  app = await startMailApp({
    mailFrom: 'TextFlow <demos@textflow.example>',
    salesNotifyTo: ['sales@textflow.example'],
  });
});
afterAll(() => app.close());

describe("a booked demo's invitation", () => {
  it('goes to the prospect and the host, organized by the host, with the booking as its UID', async () => {
    const { t, admin, smtp } = app;
    const host = (
      await t.db.query<{ id: number }>(
        `UPDATE admin_users SET email = 'hana.host@textflow.example' WHERE username = 'admin' RETURNING id::int`,
      )
    ).rows[0]!.id;
    const saved = await admin.put('/api/demo-schedule').send({
      timeZone: 'Europe/Berlin',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      overrides: [],
      lengthMinutes: 45,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 60,
      horizonDays: 3,
      dailyCap: null,
      hostIds: [host],
    });
    expect(saved.status).toBe(200);

    const prospect = t.request();
    const created = await prospect.post('/api/demo').send({ name: 'Ada Booker', email: 'ada@example.com' });
    expect(created.status).toBe(201);
    const slot = (await prospect.get('/api/demo-booking').query({ timeZone: 'America/Chicago' })).body
      .slots[0];
    const booked = await prospect
      .post('/api/demo-booking')
      .send({ start: slot.start, timeZone: 'America/Chicago' });
    expect(booked.status).toBe(201);

    const invitation = () =>
      smtp.received.find((r) => r.mail.attachments.some((a) => a.contentType === 'application/ics'));
    await smtp.waitFor(1, 20_000, () => invitation() !== undefined);
    const r = invitation()!;
    expect([...r.to].sort()).toEqual(['ada@example.com', 'hana.host@textflow.example']);
    expect(r.mail.replyTo?.text).toBe('hana.host@textflow.example');
    const raw = r.raw.toString('utf8');
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = r.mail.attachments.find((a) => a.contentType === 'application/ics')!.content.toString('utf8');
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    const { rows } = await t.db.query('SELECT ics_uid FROM demo_bookings WHERE lead_id = $1', [
      created.body.id,
    ]);
    expect(event.getFirstPropertyValue('uid')).toBe(rows[0].ics_uid);
    expect(Number(event.getFirstPropertyValue('sequence'))).toBe(0);
    expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      'mailto:hana.host@textflow.example',
    );
    expect(String(event.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:ada@example.com');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(slot.start);
    // The prospect reads the time on their own clock.
    expect(r.mail.subject).toMatch(/CST|CDT|Chicago|Central/);
  });
});
