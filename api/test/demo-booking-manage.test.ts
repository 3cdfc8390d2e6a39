import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailApp, type MailApp } from './mail-app.ts';
import type { Received } from './smtp.ts';

// A booked demo moved and cancelled by the link in its invitation, as a prospect without
// JavaScript does it (docs/demo-slots.md#moving-or-cancelling), the emails read at a real SMTP
// server: the move keeps the UID and raises SEQUENCE, the cancellation is METHOD:CANCEL.

let app: MailApp;
const FORM = 'application/x-www-form-urlencoded';

beforeAll(async () => {
  app = await startMailApp({
    mailFrom: 'TextFlow <demos@textflow.example>',
    publicUrl: 'https://site.example',
  });
});
afterAll(() => app.close());

/** The invitations (messages with an .ics) the prospect received, oldest first, parsed. */
function invitations(received: Received[]) {
  return received
    .filter(
      (r) =>
        r.to.includes('mo@example.com') &&
        r.mail.attachments.some((a) => a.contentType === 'application/ics'),
    )
    .map((r) => {
      const ics = r.mail.attachments
        .find((a) => a.contentType === 'application/ics')!
        .content.toString('utf8');
      const cal = new ICAL.Component(ICAL.parse(ics));
      const event = cal.getFirstSubcomponent('vevent')!;
      const link = /https:\/\/site\.example\/demo\/manage\?token=([^"\s&<]+)/.exec(
        String(r.mail.text ?? ''),
      )?.[1];
      return {
        subject: r.mail.subject,
        mimeMethod: /Content-Type: text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)/i.exec(
          r.raw.toString('utf8'),
        )?.[1],
        method: cal.getFirstPropertyValue('method'),
        uid: event.getFirstPropertyValue('uid'),
        sequence: Number(event.getFirstPropertyValue('sequence')),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        token: link ? decodeURIComponent(link) : undefined,
      };
    });
}

describe('moving and cancelling a booked demo by its link', () => {
  it('moves it (same UID, SEQUENCE + 1, a new link), then cancels it (METHOD:CANCEL)', async () => {
    const { t, admin, smtp } = app;
    const host = (await t.db.query(`SELECT id FROM admin_users WHERE username = 'admin'`)).rows[0].id;
    expect(
      (
        await admin.put('/api/demo-schedule').send({
          timeZone: 'Europe/Berlin',
          weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
          overrides: [],
          lengthMinutes: 30,
          bufferBeforeMinutes: 0,
          bufferAfterMinutes: 10,
          minimumNoticeMinutes: 60,
          horizonDays: 3,
          dailyCap: null,
          hostIds: [Number(host)],
        })
      ).status,
    ).toBe(200);
    const prospect = t.request();
    const created = await prospect.post('/api/demo').send({ name: 'Mo Mover', email: 'mo@example.com' });
    const offered = (await prospect.get('/api/demo-booking')).body.slots as { start: string }[];
    expect(
      (await prospect.post('/api/demo-booking').send({ start: offered[0]!.start, timeZone: 'Asia/Tokyo' }))
        .status,
    ).toBe(201);

    await smtp.waitFor(1, 20_000, () => invitations(smtp.received).length >= 1);
    const [first] = invitations(smtp.received);
    expect(first).toMatchObject({
      method: 'REQUEST',
      mimeMethod: 'REQUEST',
      sequence: 0,
      start: offered[0]!.start,
    });
    expect(first!.token).toBeTruthy();

    // The link's page, as any browser opens it.
    const browser = t.request();
    const page = await browser.get('/demo/manage').query({ token: first!.token! });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Your demo is booked for');
    expect(page.text).toContain('(Asia/Tokyo)');
    expect(page.text).toContain('Cancel my demo');
    const times = [...page.text.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(times).not.toContain(offered[0]!.start);
    // The slot right after its own (its buffer overlaps the old time) is open to the booking itself.
    expect(times).toContain(offered[1]!.start);

    const moved = await browser
      .post(`/demo/manage?token=${encodeURIComponent(first!.token!)}`)
      .set('Content-Type', FORM)
      .send(new URLSearchParams({ start: offered[1]!.start, timeZone: 'Asia/Tokyo' }).toString());
    expect(moved.status).toBe(303);
    const next = new URL(moved.headers.location as string, 'https://site.example').searchParams.get('token')!;
    expect(next).not.toBe(first!.token);
    expect((await browser.get('/demo/manage').query({ token: first!.token! })).status).toBe(404);

    await smtp.waitFor(2, 20_000, () => invitations(smtp.received).length >= 2);
    const second = invitations(smtp.received)[1]!;
    expect(second).toMatchObject({
      method: 'REQUEST',
      uid: first!.uid,
      sequence: 1,
      start: offered[1]!.start,
      token: next,
    });
    expect(second.subject).toMatch(/^Updated: /);
    const booking = await t.db.query(
      `SELECT status, previous_starts_at, ics_sequence FROM demo_bookings WHERE lead_id = $1`,
      [created.body.id],
    );
    expect(booking.rows[0]).toMatchObject({ status: 'confirmed', ics_sequence: 1 });
    expect(booking.rows[0].previous_starts_at.toISOString()).toBe(offered[0]!.start);

    // A body it cannot read: the booking's page again with the reason; nothing moved.
    const unread = await browser
      .post(`/demo/manage?token=${encodeURIComponent(next)}`)
      .set('Content-Type', FORM)
      .send('start=%FF');
    expect(unread.status).toBe(400);
    expect(unread.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unread.text).toContain('<p class="notice" role="alert">The body is not valid UTF-8.</p>');
    expect(unread.text).toContain('Cancel my demo');
    const large = await browser
      .post(`/demo/manage?token=${encodeURIComponent(next)}`)
      .set('Content-Type', FORM)
      .send(`action=${'x'.repeat(t.config.bodyLimitBytes + 1)}`);
    expect(large.status).toBe(413);
    expect(large.text).toContain('The request body is larger than the server accepts.');

    const cancelled = await browser
      .post(`/demo/manage?token=${encodeURIComponent(next)}`)
      .set('Content-Type', FORM)
      .send('action=cancel');
    expect(cancelled.status).toBe(303);
    const after = await browser.get(cancelled.headers.location as string);
    expect(after.status).toBe(200);
    expect(after.text).toContain('is cancelled');
    expect(after.text).not.toContain('Cancel my demo');

    await smtp.waitFor(3, 20_000, () => invitations(smtp.received).length >= 3);
    const third = invitations(smtp.received)[2]!;
    expect(third).toMatchObject({ method: 'CANCEL', mimeMethod: 'CANCEL', uid: first!.uid, sequence: 2 });
    expect(third.token).toBeUndefined();
    const lead = await t.db.query('SELECT status FROM demo_requests WHERE id = $1', [created.body.id]);
    expect(lead.rows[0].status).toBe('cancelled');
    const row = await t.db.query('SELECT status, cancelled_by FROM demo_bookings WHERE lead_id = $1', [
      created.body.id,
    ]);
    expect(row.rows[0]).toEqual({ status: 'cancelled', cancelled_by: 'prospect' });
    const audit = await t.db.query(
      `SELECT action FROM audit_entries WHERE target_type = 'demo' AND target_id = $1 ORDER BY id`,
      [String(created.body.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'lead.assigned',
      'demo.booked',
      'demo.rescheduled',
      'demo.cancelled',
    ]);

    // The time is free again for the next prospect.
    const other = t.request();
    await other.post('/api/demo').send({ name: 'Next One', email: 'next@example.com' });
    const open = ((await other.get('/api/demo-booking')).body.slots as { start: string }[]).map(
      (s) => s.start,
    );
    expect(open).toContain(offered[1]!.start);
  });

  it('follows the desk: staff move the booking (its buffers kept, a new link) and cancel it', async () => {
    const { t, admin, smtp } = app;
    const prospect = t.request();
    const created = await prospect.post('/api/demo').send({ name: 'Sam Staffed', email: 'sam@example.com' });
    const offered = (await prospect.get('/api/demo-booking')).body.slots as { start: string }[];
    expect((await prospect.post('/api/demo-booking').send({ start: offered[0]!.start })).status).toBe(201);
    const id = created.body.id as number;

    // The desk moves it to 13:00 UTC two days ahead, for 45 minutes.
    const day = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const moved = await admin
      .put(`/api/demos/${id}/invitation`)
      .send({ date: day, time: '13:00', timeZone: 'UTC', durationMinutes: 45 });
    expect(moved.status).toBe(200);
    const row = async () =>
      (
        await t.db.query(
          `SELECT status, cancelled_by, starts_at, ends_at, lower(blocked) AS from, upper(blocked) AS until, ics_sequence
             FROM demo_bookings WHERE lead_id = $1`,
          [id],
        )
      ).rows[0];
    const after = await row();
    expect(after.starts_at.toISOString()).toBe(`${day}T13:00:00.000Z`);
    expect(after.ends_at.toISOString()).toBe(`${day}T13:45:00.000Z`);
    expect(after.until.toISOString()).toBe(`${day}T13:55:00.000Z`); // the 10 minutes' buffer kept
    expect(after.ics_sequence).toBe(1);
    const toSam = () =>
      smtp.received.filter(
        (r) => r.to.includes('sam@example.com') && /^Updated: /.test(r.mail.subject ?? ''),
      );
    await smtp.waitFor(1, 20_000, () => toSam().length >= 1);
    const link = /\/demo\/manage\?token=([^"\s&<]+)/.exec(String(toSam()[0]!.mail.text))![1]!;
    const page = await t
      .request()
      .get('/demo/manage')
      .query({ token: decodeURIComponent(link) });
    expect(page.status).toBe(200);

    // Another booking of the same host cannot be moved onto it.
    const other = t.request();
    const second = await other.post('/api/demo').send({ name: 'Kim Clash', email: 'kim@example.com' });
    const kimSlots = (await other.get('/api/demo-booking')).body.slots as { start: string }[];
    expect((await other.post('/api/demo-booking').send({ start: kimSlots[0]!.start })).status).toBe(201);
    const clash = await admin
      .put(`/api/demos/${second.body.id}/invitation`)
      .send({ date: day, time: '13:30', timeZone: 'UTC', durationMinutes: 30 });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe("The demo's host has another demo at that time (with its buffers).");

    const cancelled = await admin.delete(`/api/demos/${id}/invitation`);
    expect(cancelled.status).toBe(200);
    expect(await row()).toMatchObject({ status: 'cancelled', cancelled_by: 'staff', ics_sequence: 2 });
  });

  it('says a link that is not one of ours does not work', async () => {
    const res = await app.t.request().get('/demo/manage').query({ token: 'not.a-token' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('This link no longer works');
  });
});
