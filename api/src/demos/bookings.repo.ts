import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { manageTokenHash } from '../mail/manage-links.ts';
import { hostLoads, loadSchedule, openSlotsOf } from './schedule.repo.ts';
import {
  blockedRange,
  dateBounds,
  openSlots,
  roundRobin,
  type Range,
  type Schedule,
  type Slot,
} from './slots.ts';

/**
 * Booking an open slot for a demo lead (docs/demo-slots.md#round-robin and #no-double-booking):
 * the free hosts are tried in round-robin order, and the database's exclusion constraint decides
 * each try, so prospects booking at once never share a host's time. A slot that is gone (or that
 * every host lost meanwhile) is answered with the fresh slots.
 */

export type BookingOutcome =
  | {
      booked: true;
      id: string;
      hostId: string;
      start: number;
      end: number;
      icsUid: string;
      /** The prospect's link token to move or cancel it: shown once, only its hash is stored. */
      manageToken: string;
    }
  /** `taken`: the slot is not open (any more); `lead-has-a-demo`: the lead has one booked already. */
  | { booked: false; reason: 'taken' | 'lead-has-a-demo'; slots: Slot[] };

export type Booked = Extract<BookingOutcome, { booked: true }>;
/** What else a booking changes (the lead, its invitation), in the booking's own transaction. */
export type OnBooked = (client: pg.PoolClient, booked: Booked) => Promise<void>;

const EXCLUSION_VIOLATION = '23P01';
const UNIQUE_VIOLATION = '23505';
const MINUTE = 60_000;

export { manageTokenHash };

/**
 * One host's try, in a transaction that holds that host's lock: bookings of one host wait for
 * each other instead of meeting in the exclusion constraint's check, where two at once deadlock
 * (each waits for the other's row) until PostgreSQL aborts one after a second. The lock also makes
 * the daily cap exact. The constraint stays the guard for every other writer.
 */
async function tryHost(
  db: Db,
  t: { leadId: number; hostId: string; slot: Range; blocked: Range; day: Range; cap: number | null },
  onBooked: OnBooked | undefined,
): Promise<Booked | 'taken' | 'lead-has-a-demo'> {
  const manageToken = randomBytes(32).toString('base64url');
  const icsUid = `${randomUUID()}@demo`;
  const c = await db.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SELECT pg_advisory_xact_lock(hashtextextended('demo-host:' || $1, 0))`, [t.hostId]);
    if (t.cap !== null) {
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM demo_bookings
          WHERE host_id = $1 AND status IN ('pending', 'confirmed')
            AND starts_at >= to_timestamp($2 / 1000.0) AND starts_at < to_timestamp($3 / 1000.0)`,
        [t.hostId, t.day.start, t.day.end],
      );
      if (rows[0]!.n >= t.cap) {
        await c.query('ROLLBACK');
        return 'taken';
      }
    }
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, ics_uid, manage_token_hash)
       VALUES ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0),
               tstzrange(to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0)), $7, $8)
       RETURNING id::text`,
      [
        t.leadId,
        t.hostId,
        t.slot.start,
        t.slot.end,
        t.blocked.start,
        t.blocked.end,
        icsUid,
        manageTokenHash(manageToken),
      ],
    );
    const booked: Booked = {
      booked: true,
      id: rows[0]!.id,
      hostId: t.hostId,
      start: t.slot.start,
      end: t.slot.end,
      icsUid,
      manageToken,
    };
    await onBooked?.(c, booked);
    await c.query('COMMIT');
    return booked;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    const e = err as { code?: string; constraint?: string };
    if (e.code === UNIQUE_VIOLATION && e.constraint === 'demo_bookings_one_per_lead_idx')
      return 'lead-has-a-demo';
    // Another prospect took this host's time first.
    if (e.code === EXCLUSION_VIOLATION) return 'taken';
    throw err;
  } finally {
    c.release();
  }
}

export async function bookSlot(
  db: Db,
  leadId: number,
  start: number,
  now: number,
  onBooked?: OnBooked,
): Promise<BookingOutcome> {
  const schedule = await loadSchedule(db, now);
  if (!schedule) return { booked: false, reason: 'taken', slots: [] };
  const slot = (await openSlotsOf(db, schedule, now, { start, end: start + 1 })).find(
    (s) => s.start === start,
  );
  if (slot) {
    const { rows: standing } = await db.query<{ id: string; upcoming: number; last: string | null }>(
      `SELECT h.id::text AS id,
              count(b.id) FILTER (WHERE b.starts_at > to_timestamp($2 / 1000.0))::int AS upcoming,
              (extract(epoch FROM max(b.created_at)) * 1000)::bigint::text AS last
         FROM unnest($1::bigint[]) AS h(id)
         LEFT JOIN demo_bookings b ON b.host_id = h.id AND b.status IN ('pending', 'confirmed')
        GROUP BY h.id`,
      [slot.hosts, now],
    );
    const order = roundRobin(
      standing.map((h) => ({
        id: h.id,
        upcoming: h.upcoming,
        lastBookedAt: h.last === null ? null : Number(h.last),
      })),
    );
    const blocked = blockedRange(schedule, slot);
    const day = dateBounds(schedule, slot.start);
    for (const host of order) {
      const outcome = await tryHost(
        db,
        {
          leadId,
          hostId: host.id,
          slot,
          blocked,
          day,
          cap: schedule.dailyCap,
        },
        onBooked,
      );
      if (outcome === 'lead-has-a-demo') return { booked: false, reason: outcome, slots: [] };
      if (outcome !== 'taken') return outcome;
    }
  }
  const horizon = now + schedule.horizonDays * 24 * 60 * MINUTE;
  return {
    booked: false,
    reason: 'taken',
    slots: await openSlotsOf(db, schedule, now, { start: now, end: horizon + 1 }),
  };
}

/** A booking as moving or cancelling it reads it, its row locked until the transaction ends. */
export interface HeldBooking {
  id: number;
  leadId: number;
  hostId: number;
  start: number;
  end: number;
  blocked: Range;
  status: string;
  icsUid: string;
  sequence: number;
  manageTokenHash: Buffer;
}

export async function lockBooking(client: pg.PoolClient, id: number): Promise<HeldBooking | undefined> {
  const { rows } = await client.query<{
    id: string;
    lead_id: string;
    host_id: string;
    starts: string;
    ends: string;
    blocked_from: string;
    blocked_until: string;
    status: string;
    ics_uid: string;
    ics_sequence: number;
    manage_token_hash: Buffer;
  }>(
    `SELECT id::text, lead_id::text, host_id::text,
            (extract(epoch FROM starts_at) * 1000)::bigint::text AS starts,
            (extract(epoch FROM ends_at) * 1000)::bigint::text AS ends,
            (extract(epoch FROM lower(blocked)) * 1000)::bigint::text AS blocked_from,
            (extract(epoch FROM upper(blocked)) * 1000)::bigint::text AS blocked_until,
            status, ics_uid, ics_sequence, manage_token_hash
       FROM demo_bookings WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        leadId: Number(r.lead_id),
        hostId: Number(r.host_id),
        start: Number(r.starts),
        end: Number(r.ends),
        blocked: { start: Number(r.blocked_from), end: Number(r.blocked_until) },
        status: r.status,
        icsUid: r.ics_uid,
        sequence: r.ics_sequence,
        manageTokenHash: r.manage_token_hash,
      }
    : undefined;
}

/**
 * The open slots as they are for `booking` (its own time counts as free, so it may move next to
 * or over itself), within `window`.
 */
export async function openSlotsBeside(
  db: Pick<Db, 'query'>,
  schedule: Schedule,
  booking: HeldBooking,
  now: number,
  window?: Range,
): Promise<Slot[]> {
  const span = window ?? {
    start: now,
    end: now + schedule.horizonDays * 24 * 60 * MINUTE + schedule.lengthMin * MINUTE,
  };
  const hosts = (await hostLoads(db, span)).map((h) =>
    h.id === String(booking.hostId)
      ? {
          ...h,
          blocked: h.blocked.filter(
            (b) => b.start !== booking.blocked.start || b.end !== booking.blocked.end,
          ),
          starts: h.starts.filter((s) => s !== booking.start),
        }
      : h,
  );
  return openSlots(schedule, hosts, now, window);
}

/**
 * Moves a held booking to the open slot at `start`: its host when free then, else a free one by
 * round robin. The same UID, the sequence raised. 'taken' when no host is free for it (any more).
 */
export async function moveBooking(
  client: pg.PoolClient,
  schedule: Schedule,
  booking: HeldBooking,
  start: number,
  now: number,
): Promise<{ hostId: number; start: number; end: number; sequence: number } | 'taken'> {
  const slot = (await openSlotsBeside(client, schedule, booking, now, { start, end: start + 1 })).find(
    (s) => s.start === start,
  );
  if (!slot) return 'taken';
  // Hosts come in id order (hostLoads): the first free one when the booking's own is not.
  const hostId = slot.hosts.includes(String(booking.hostId)) ? String(booking.hostId) : slot.hosts[0]!;
  const blocked = blockedRange(schedule, slot);
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('demo-host:' || $1, 0))`, [hostId]);
  await client.query('SAVEPOINT move');
  try {
    await client.query(
      `UPDATE demo_bookings
          SET host_id = $2, starts_at = to_timestamp($3 / 1000.0), ends_at = to_timestamp($4 / 1000.0),
              blocked = tstzrange(to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0)),
              previous_starts_at = starts_at, ics_sequence = ics_sequence + 1, updated_at = clock_timestamp()
        WHERE id = $1`,
      [booking.id, hostId, slot.start, slot.end, blocked.start, blocked.end],
    );
  } catch (err) {
    await client.query('ROLLBACK TO SAVEPOINT move');
    if ((err as { code?: string }).code === EXCLUSION_VIOLATION) return 'taken';
    throw err;
  }
  return { hostId: Number(hostId), start: slot.start, end: slot.end, sequence: booking.sequence + 1 };
}

/** Cancels a held booking: its time is free again; the sequence raised for the CANCEL. */
export async function cancelBooking(
  client: pg.PoolClient,
  booking: HeldBooking,
  by: 'prospect' | 'staff' | 'erasure',
): Promise<number> {
  await client.query(
    `UPDATE demo_bookings SET status = 'cancelled', cancelled_by = $2, cancelled_at = clock_timestamp(),
            ics_sequence = ics_sequence + 1, updated_at = clock_timestamp()
      WHERE id = $1`,
    [booking.id, by],
  );
  return booking.sequence + 1;
}
