import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOpenSlots, loadSchedule } from '../src/demos/schedule.repo.ts';
import { createTestDatabase } from './harness.ts';

// The schedule as stored, read back for the slot computation (docs/demo-slots.md): weekly hours,
// overrides, the hosts that may take demos (active, not viewers) and their booked times, against a
// real PostgreSQL.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Pool;
let hosts: string[];
const at = (iso: string) => Temporal.Instant.from(iso).epochMilliseconds;
const wall = (ms: number) =>
  Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO('Europe/Berlin')
    .toPlainDateTime()
    .toString({ smallestUnit: 'minute' });
const now = at('2026-06-15T05:00:00Z'); // 07:00 in Berlin, a Monday

beforeAll(async () => {
  database = await createTestDatabase();
  db = new pg.Pool({ connectionString: database.appUrl });
  const users = await db.query<{ id: string }>(
    `INSERT INTO admin_users (username, password_hash, role, deactivated_at)
     VALUES ('host-a', 'x', 'member', NULL), ('host-b', 'x', 'member', NULL), ('gone', 'x', 'member', now()),
            ('made-viewer', 'x', 'viewer', NULL)
     RETURNING id::text`,
  );
  hosts = users.rows.map((r) => r.id);
  await db.query(`INSERT INTO demo_hosts (admin_id) SELECT unnest($1::bigint[])`, [hosts]);
  const lead = await db.query<{ id: string }>(
    `INSERT INTO demo_requests (name, email) VALUES ('Pat Prospect', 'pat@example.com') RETURNING id`,
  );
  // Host a has 10:00-11:00 on Monday, with 15 minutes' buffer after.
  await db.query(
    `INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, ics_uid, manage_token_hash)
     VALUES ($1, $2, '2026-06-15T08:00Z', '2026-06-15T09:00Z', tstzrange('2026-06-15T08:00Z', '2026-06-15T09:15Z'), 'a@demo', '\\x01')`,
    [lead.rows[0]!.id, hosts[0]],
  );
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

describe('the stored schedule', () => {
  it('is none until the team sets one up', async () => {
    expect(await loadSchedule(db, now)).toBeNull();
    expect(await currentOpenSlots(db, now)).toEqual([]);
  });

  it('gives its open slots: hours, a day off, an evening to midnight, active hosts, booked times', async () => {
    await db.query(
      `INSERT INTO demo_schedule (time_zone, length_min, buffer_after_min, horizon_days, daily_cap)
       VALUES ('Europe/Berlin', 60, 15, 3, 2)`,
    );
    await db.query(
      `INSERT INTO demo_schedule_hours (weekday, starts, ends)
       VALUES (1, '09:00', '12:00'), (2, '09:00', '10:00'), (3, '22:00', '24:00')`,
    );
    await db.query(
      `INSERT INTO demo_schedule_overrides (day, starts, ends) VALUES ('2026-06-16', NULL, NULL)`,
    );
    const schedule = await loadSchedule(db, now);
    expect(schedule).toMatchObject({
      timeZone: 'Europe/Berlin',
      weekly: { 1: [{ start: '09:00', end: '12:00' }], 3: [{ start: '22:00', end: '24:00' }] },
      overrides: { '2026-06-16': [] },
      dailyCap: 2,
    });
    const slots = (await currentOpenSlots(db, now)).map((s) => [wall(s.start), s.hosts]);
    expect(slots).toEqual([
      // host a: 09:00's buffer reaches into the 10:00 demo, and 11:00 starts inside that one's
      ['2026-06-15T09:00', [hosts[1]]],
      ['2026-06-15T10:00', [hosts[1]]],
      ['2026-06-15T11:00', [hosts[1]]],
      // Tuesday is off; Wednesday's evening runs to midnight
      ['2026-06-17T22:00', [hosts[0], hosts[1]]],
      ['2026-06-17T23:00', [hosts[0], hosts[1]]],
    ]);
  });
});
