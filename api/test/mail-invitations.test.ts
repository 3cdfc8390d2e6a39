import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import type { TestApp } from './harness.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { type Received, type TestSmtp } from './smtp.ts';

// Demo invitations from the desk: iCalendar REQUEST, its update (same UID, SEQUENCE + 1) and CANCEL.

let smtp: TestSmtp;
let t: TestApp;
let admin: MailApp['admin'];
let app: MailApp;

beforeAll(async () => {
  app = await startMailApp({
    salesNotifyTo: ['sales@textflow.example'],
    mailFrom: 'TextFlow <demos@textflow.example>',
  });
  ({ smtp, t, admin } = app);
});
afterAll(() => app.close());

const nextYear = new Date().getUTCFullYear() + 1;
/** When Europe's clocks go forward: the last Sunday of March (02:00 becomes 03:00). */
const springForward = (() => {
  const d = new Date(Date.UTC(nextYear, 2, 31));
  return `${nextYear}-03-${31 - d.getUTCDay()}`;
})();
const toProspect = () => smtp.received.filter((r) => r.to.includes('grace@example.com'));

/** The .ics of a received message, parsed back (ical.js), and how it travelled. */
function calendarOf(r: Received) {
  const attachment = r.mail.attachments.find((a) => a.contentType === 'application/ics');
  const raw = r.raw.toString('utf8');
  const ics = attachment!.content.toString('utf8');
  const cal = new ICAL.Component(ICAL.parse(ics));
  const event = cal.getFirstSubcomponent('vevent')!;
  return {
    alternative: /Content-Type: text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)/i.exec(raw)?.[1],
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time | null)?.toJSDate().toISOString(),
    duration: String(event.getFirstPropertyValue('duration') ?? ''),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendee: String(event.getFirstPropertyValue('attendee')),
  };
}

describe('demo invitations', () => {
  it('sends a REQUEST, an update with the same UID and SEQUENCE + 1, then a CANCEL, and moves the status', async () => {
    const demo = await t
      .request()
      .post('/api/demo')
      .send({ name: 'Grace Hopper', email: 'grace@example.com' });
    await smtp.waitFor(1, 20_000, () => toProspect().length >= 1); // the acknowledgment

    const first = await admin.put(`/api/demos/${demo.body.id}/invitation`).send({
      date: `${nextYear}-07-01`,
      time: '15:30',
      timeZone: 'Europe/Berlin',
      durationMinutes: 45,
      meetingUrl: 'https://meet.example.com/textflow-demo',
    });
    expectContract('scheduleDemoInvitation', first);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('confirmed');
    expect(first.body.invitation).toMatchObject({
      sequence: 0,
      startsAt: `${nextYear}-07-01T13:30:00.000Z`, // 15:30 in Berlin's summer time
      timeZone: 'Europe/Berlin',
      durationMinutes: 45,
      meetingUrl: 'https://meet.example.com/textflow-demo',
      cancelled: false,
    });
    await smtp.waitFor(2, 20_000, () => toProspect().length >= 2);
    const invite = calendarOf(toProspect()[1]!);
    expect(invite).toMatchObject({
      alternative: 'REQUEST',
      method: 'REQUEST',
      uid: first.body.invitation.uid,
      sequence: 0,
      status: 'CONFIRMED',
      start: `${nextYear}-07-01T13:30:00.000Z`,
      organizer: expect.stringMatching(/^mailto:demos@textflow\.example$/i),
      attendee: expect.stringMatching(/^mailto:grace@example\.com$/i),
    });
    expect(toProspect()[1]!.mail.subject).toMatch(/^Your TextFlow demo on .*3:30 PM \(Europe\/Berlin\)$/);
    expect(toProspect()[1]!.mail.text).toContain('https://meet.example.com/textflow-demo');

    const moved = await admin.put(`/api/demos/${demo.body.id}/invitation`).send({
      date: `${nextYear}-12-01`,
      time: '09:00',
      timeZone: 'America/New_York',
      durationMinutes: 30,
    });
    expectContract('scheduleDemoInvitation', moved);
    expect(moved.body.invitation).toMatchObject({
      uid: first.body.invitation.uid,
      sequence: 1,
      meetingUrl: null,
    });
    await smtp.waitFor(3, 20_000, () => toProspect().length >= 3);
    const update = calendarOf(toProspect()[2]!);
    expect(update).toMatchObject({
      method: 'REQUEST',
      uid: invite.uid,
      sequence: 1,
      start: `${nextYear}-12-01T14:00:00.000Z`,
    });
    expect(toProspect()[2]!.mail.subject).toMatch(/^Updated: /);

    const cancelled = await admin.delete(`/api/demos/${demo.body.id}/invitation`);
    expectContract('cancelDemoInvitation', cancelled);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      invitation: { sequence: 2, cancelled: true },
    });
    await smtp.waitFor(4, 20_000, () => toProspect().length >= 4);
    const cancel = calendarOf(toProspect()[3]!);
    expect(cancel).toMatchObject({
      alternative: 'CANCEL',
      method: 'CANCEL',
      uid: invite.uid,
      sequence: 2,
      status: 'CANCELLED',
    });

    const again = await admin.delete(`/api/demos/${demo.body.id}/invitation`);
    expectContract('cancelDemoInvitation', again);
    expect(again.status).toBe(409);

    const history = await admin.get(`/api/leads/demo/${demo.body.id}/history`);
    const steps = (
      history.body.events as { type: string; actor: string | null; detail: string | null }[]
    ).filter((e) => e.type.startsWith('invitation') || e.type === 'status-changed');
    expect(steps.map((e) => [e.type, e.actor])).toEqual([
      ['invitation-sent', 'admin'],
      ['status-changed', 'admin'],
      ['invitation-updated', 'admin'],
      ['invitation-cancelled', 'admin'],
      ['status-changed', 'admin'],
    ]);
    expect(steps[1]!.detail).toBe('pending → confirmed');
    expect(steps[4]!.detail).toBe('confirmed → cancelled');
  });

  it.each([
    [{ date: `${nextYear}-02-30` }, '/date', 'Date must be a real date (YYYY-MM-DD)'],
    [{ time: '25:00' }, '/time', 'Start time must be HH:MM (24-hour)'],
    [
      { timeZone: 'Mars/Olympus_Mons' },
      '/timeZone',
      'Unknown time zone "Mars/Olympus_Mons": use an IANA name such as Europe/Berlin',
    ],
    [{ durationMinutes: 5 }, '/durationMinutes', 'Duration must be between 15 and 480 minutes'],
    [{ durationMinutes: 481 }, '/durationMinutes', 'Duration must be between 15 and 480 minutes'],
    [
      { meetingUrl: 'javascript:alert(1)' },
      '/meetingUrl',
      'Meeting link must be an http:// or https:// address',
    ],
    [{ date: '2020-01-01' }, '/date', 'The demo must start in the future'],
    [
      { date: springForward, time: '02:30', timeZone: 'Europe/Berlin' },
      '/time',
      `${springForward} 02:30 does not exist in Europe/Berlin (the clocks skip that hour)`,
    ],
  ])('refuses %j with a 400 naming the field', async (change, path, message) => {
    const demo = await t.request().post('/api/demo').send({ name: 'Bad Input', email: 'bad@example.com' });
    const base = { date: `${nextYear}-05-05`, time: '10:00', timeZone: 'UTC', durationMinutes: 30 };
    const res = await admin.put(`/api/demos/${demo.body.id}/invitation`).send({ ...base, ...change });
    expectContract('scheduleDemoInvitation', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
    const stored = await t.db.query('SELECT status, invitation_uid FROM demo_requests WHERE id = $1', [
      demo.body.id,
    ]);
    expect(stored.rows[0]).toEqual({ status: 'pending', invitation_uid: null });
  });

  it('answers 404 for a demo that does not exist', async () => {
    const body = { date: `${nextYear}-05-05`, time: '10:00', timeZone: 'UTC', durationMinutes: 30 };
    const res = await admin.put('/api/demos/999999/invitation').send(body);
    expectContract('scheduleDemoInvitation', res);
    expect(res.status).toBe(404);
  });
});
