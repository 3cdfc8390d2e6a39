import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, manageTokenHash } from '../src/demos/bookings.repo.ts';
import { currentOpenSlots } from '../src/demos/schedule.repo.ts';
import { createTestDatabase } from './harness.ts';

// Prospects booking at once (docs/demo-slots.md#no-double-booking): five for each open slot of a
// day with two hosts, all at the same moment. Each slot is booked once per host, the others are
// answered with the fresh slots, and round robin spreads the demos over the hosts.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Pool;
let hosts: string[];
const at = (iso: string) => Temporal.Instant.from(iso).epochMilliseconds;
const now = at('2026-06-15T06:00:00Z'); // 08:00 in Berlin, a Monday

beforeAll(async () => {
  database = await createTestDatabase();
  db = new pg.Pool({ connectionString: database.appUrl, max: 10 });
  const users = await db.query<{ id: string }>(
    `INSERT INTO admin_users (username, password_hash, role) VALUES ('host-a', 'x', 'member'), ('host-b', 'x', 'member')
     RETURNING id::text`,
  );
  hosts = users.rows.map((r) => r.id);
  await db.query(`INSERT INTO demo_hosts (admin_id) SELECT unnest($1::bigint[])`, [hosts]);
  await db.query(
    `INSERT INTO demo_schedule (time_zone, length_min, horizon_days) VALUES ('Europe/Berlin', 30, 2)`,
  );
  await db.query(
    `INSERT INTO demo_schedule_hours (weekday, starts, ends) VALUES (1, '09:00', '11:00'), (2, '09:00', '09:30')`,
  );
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const newLeads = async (n: number) =>
  (
    await db.query<{ id: string }>(
      `INSERT INTO demo_requests (name, email)
       SELECT 'Prospect ' || n, 'p' || n || '@example.com' FROM generate_series(1, $1::int) n RETURNING id`,
      [n],
    )
  ).rows.map((r) => Number(r.id));

const monday = (s: number) => s < at('2026-06-15T22:00:00Z');

describe('booking a demo slot', () => {
  it('books each slot once per host when five prospects per slot book at once', async () => {
    const open = (await currentOpenSlots(db, now)).filter((s) => monday(s.start));
    expect(open.map((s) => s.hosts)).toEqual([hosts, hosts, hosts, hosts]); // 09:00 ... 10:30
    const leads = await newLeads(open.length * 5);
    const outcomes = await Promise.all(
      leads.map((lead, i) => bookSlot(db, lead, open[i % open.length]!.start, now)),
    );
    const booked = outcomes.filter((o) => o.booked);
    const refused = outcomes.filter((o) => !o.booked);
    expect(booked).toHaveLength(open.length * hosts.length);
    expect(refused).toHaveLength(leads.length - booked.length);
    const pairs = booked.map((b) => `${b.start} ${b.hostId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // Each refusal carries the fresh slots, which no longer hold the slot it asked for.
    outcomes.forEach((o, i) => {
      if (o.booked) return;
      expect(o.reason).toBe('taken');
      expect(o.slots.some((s) => s.start === open[i % open.length]!.start)).toBe(false);
    });
    expect((await currentOpenSlots(db, now)).filter((s) => monday(s.start))).toEqual([]);
    // The stored rows agree, and only a hash of each link token is kept.
    const { rows } = await db.query<{ n: number; hashed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE manage_token_hash = ANY($1::bytea[]))::int AS hashed
         FROM demo_bookings`,
      [booked.map((b) => (b.booked ? manageTokenHash(b.manageToken) : null))],
    );
    expect(rows).toEqual([{ n: booked.length, hashed: booked.length }]);
  });

  it('gives a new demo to the host with fewer upcoming ones, then the one booked least recently', async () => {
    const [first, second, third] = await newLeads(3);
    const tuesday = at('2026-06-16T07:00:00Z'); // 09:00 in Berlin
    // Both hosts have four upcoming demos; host a was booked first, so b was booked last.
    const a = await bookSlot(db, first!, tuesday, now);
    const b = await bookSlot(db, second!, tuesday, now);
    expect(a.booked && b.booked).toBe(true);
    if (!a.booked || !b.booked) return;
    expect(new Set([a.hostId, b.hostId])).toEqual(new Set(hosts));
    const c = await bookSlot(db, third!, tuesday, now);
    expect(c).toMatchObject({ booked: false, reason: 'taken', slots: [] });
  });

  it('books one demo per lead, and only a slot of the grid', async () => {
    const [lead] = await newLeads(1);
    const off = await bookSlot(db, lead!, at('2026-06-15T07:10:00Z'), now);
    expect(off).toMatchObject({ booked: false, reason: 'taken' });
    await db.query(
      `INSERT INTO demo_schedule_overrides (day, starts, ends) VALUES ('2026-06-17', '09:00', '10:00')`,
    );
    await db.query(`UPDATE demo_schedule SET horizon_days = 3`);
    const wednesday = at('2026-06-17T07:00:00Z');
    expect(await bookSlot(db, lead!, wednesday, now)).toMatchObject({ booked: true });
    expect(await bookSlot(db, lead!, wednesday + 30 * 60_000, now)).toMatchObject({
      booked: false,
      reason: 'lead-has-a-demo',
    });
  });
});
