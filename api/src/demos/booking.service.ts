import type { components } from '@lead-desk/contract';
import type { Context } from 'koa';
import type pg from 'pg';
import { readCookie, setCookie } from '../admin/auth/cookies.ts';
import { recordAssignments, setAssignee } from '../admin/assignment/assignment.repo.ts';
import { saveInvitation, setBookingToken } from '../admin/leads/invitations.repo.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import type { AuditSource } from '../audit/audit.ts';
import type { Db } from '../db/pool.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { findById } from '../leads/find.repo.ts';
import { demoKind } from '../leads/lead-kinds.ts';
import type { InvitationParams } from '../mail/calendar.ts';
import type { Secrets } from '../secrets/secrets.ts';
import { signToken, verifyToken } from '../secrets/signed-tokens.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { emitLeadChange } from '../webhooks/lead-events.ts';
import { bookSlot, type Booked } from './bookings.repo.ts';
import { manageToken, manageTokenHash } from '../mail/manage-links.ts';
import { LINK_KEY } from '../newsletter/tokens.ts';
import { loadSchedule, openSlotsOf } from './schedule.repo.ts';
import {
  canonicalTimeZone,
  isTimeZone,
  type PreferredDate,
  type PreferredTime,
  type Schedule,
  type Slot,
  wishMatcher,
} from './slots.ts';

type S = components['schemas'];

/** The server key that signs the `demo_booking` cookie, and how long the cookie lets a browser pick. */
const BOOKING_KEY = 'demo-booking';
const BOOKING_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many slots are offered at once (the contract's DemoBookingOffer). */
const OFFERED = 60;
const MINUTE = 60_000;

interface DemoLead {
  id: number;
  name: string;
  preferredDate: PreferredDate;
  preferredTime: PreferredTime;
  status: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const asSlot = (s: { start: number; end: number }): S['DemoSlot'] => ({
  start: iso(s.start),
  end: iso(s.end),
});

/**
 * The slots to offer a prospect (docs/demo-slots.md#picking-a-time): those that match their wishes
 * on their clock, soonest first; when none do, the soonest of all, so there is always a time to
 * pick while any is open.
 */
function offered(slots: Slot[], lead: DemoLead, zone: string, now: number) {
  const matches = wishMatcher(
    { preferredDate: lead.preferredDate, preferredTime: lead.preferredTime },
    zone,
    now,
  );
  const matching = slots.filter(matches);
  const chosen = matching.length > 0 ? matching : slots;
  return { matchesWishes: matching.length > 0, slots: chosen.slice(0, OFFERED).map(asSlot) };
}

/**
 * A prospect picking an exact time for their demo request (docs/demo-slots.md#picking-a-time).
 * The browser that sent the request holds a signed cookie naming it; booking a slot assigns the
 * host, confirms the demo and sends its invitation, in the booking's transaction.
 */
export function createBookingService(db: Db, secrets: Secrets, now: () => number = Date.now) {
  const key = () => secrets.get(BOOKING_KEY);

  async function leadOf(ctx: Context): Promise<DemoLead> {
    const token = readCookie(ctx, 'demo_booking');
    const verified = token ? verifyToken(await key(), 'demo-booking', token, 'book', new Date(now())) : null;
    if (!verified?.ok)
      throw notFound(
        verified?.reason === 'expired'
          ? 'The time to pick an exact time for this demo request has passed; we will send you an invitation.'
          : 'There is no demo request of this browser to pick a time for.',
      );
    const { rows } = await db.query<DemoLead>(
      `SELECT id::int, name, coalesce(nullif(preferred_date, ''), 'flexible') AS "preferredDate",
              coalesce(nullif(preferred_time, ''), 'flexible') AS "preferredTime", status
         FROM demo_requests WHERE id = $1`,
      [verified.id],
    );
    if (!rows[0]) throw notFound('There is no demo request of this browser to pick a time for.');
    return rows[0];
  }

  async function scheduleOrNone(at: number): Promise<Schedule> {
    const schedule = await loadSchedule(db, at);
    if (!schedule) throw notFound('The team offers no exact times now; we will send you an invitation.');
    return schedule;
  }

  /** The lead's pending or confirmed booking, as the prospect reads it. */
  async function bookingOf(leadId: number, schedule: Schedule): Promise<S['DemoBooking'] | null> {
    const { rows } = await db.query<{ starts_at: Date; ends_at: Date; host: string }>(
      `SELECT b.starts_at, b.ends_at, u.username AS host
         FROM demo_bookings b JOIN admin_users u ON u.id = b.host_id
        WHERE b.lead_id = $1 AND b.status IN ('pending', 'confirmed')`,
      [leadId],
    );
    const b = rows[0];
    return b
      ? {
          start: b.starts_at.toISOString(),
          end: b.ends_at.toISOString(),
          hostTimeZone: schedule.timeZone,
          host: b.host,
        }
      : null;
  }

  /** Everything a booking changes besides the booking row, in its transaction. */
  const recordBooking =
    (lead: DemoLead, schedule: Schedule, zone: string, source: AuditSource) =>
    async (client: pg.PoolClient, b: Booked) => {
      const { rows } = await client.query<{ status: string; assignee_id: string | null }>(
        'SELECT status, assignee_id::text FROM demo_requests WHERE id = $1 FOR UPDATE',
        [lead.id],
      );
      // Erased meanwhile: the booking goes with the transaction.
      if (!rows[0]) throw notFound('There is no demo request of this browser to pick a time for.');
      const previousStatus = rows[0].status;
      const hostId = Number(b.hostId);
      const previousAssignee = rows[0].assignee_id === null ? null : Number(rows[0].assignee_id);
      if (previousAssignee !== hostId) {
        await setAssignee(client, demoKind, [lead.id], hostId);
        await recordAssignments(client, demoKind, {
          ids: [lead.id],
          previous: [previousAssignee],
          assigneeId: hostId,
          actorId: null,
          mail: true,
        });
        await insertAuditEntry(client, source, {
          action: 'lead.assigned',
          target: { type: 'demo', id: lead.id },
          changes: { assignee: { from: previousAssignee, to: hostId } },
          details: { by: 'booking' },
        });
      }
      const p: InvitationParams = {
        uid: b.icsUid,
        sequence: 0,
        method: 'REQUEST',
        change: 'new',
        startsAt: iso(b.start),
        timeZone: zone,
        durationMinutes: Math.round((b.end - b.start) / MINUTE),
        meetingUrl: null,
        host: (
          await client.query<{ name: string; email: string | null }>(
            'SELECT username AS name, email FROM admin_users WHERE id = $1',
            [hostId],
          )
        ).rows[0]!,
        manage: { bookingId: Number(b.id), endsAt: iso(b.end) },
      };
      // The link the invitation carries: only its hash is kept (mail/manage-links.ts).
      const linkKey = await secrets.get(LINK_KEY);
      await setBookingToken(
        client,
        Number(b.id),
        manageTokenHash(manageToken(linkKey, Number(b.id), new Date(b.end))),
      );
      await saveInvitation(client, lead.id, p, {
        status: 'confirmed',
        previousStatus,
        template: 'demo-invitation',
        event: 'invitation-sent',
        detail: `${new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(b.start)} ${zone}, ${p.durationMinutes} min, booked by the prospect`,
        actor: null,
      });
      await insertAuditEntry(client, source, {
        action: 'demo.booked',
        target: { type: 'demo', id: lead.id },
        changes: { status: { from: previousStatus, to: 'confirmed' } },
        details: { bookingId: b.id, hostId, start: iso(b.start), hostTimeZone: schedule.timeZone },
      });
      const found = (await findById(client, demoKind, lead.id))!;
      await emitLeadChange(client, demoKind, found, previousStatus);
      await emitEvent(client, 'demo.scheduled', {
        kind: 'demo',
        lead: found,
        invitation: {
          startsAt: p.startsAt,
          timeZone: zone,
          durationMinutes: p.durationMinutes,
          meetingUrl: null,
        },
      });
      await emitEvent(client, 'demo.booked', {
        kind: 'demo',
        lead: found,
        booking: {
          startsAt: iso(b.start),
          endsAt: iso(b.end),
          hostTimeZone: schedule.timeZone,
          host: { id: hostId, username: p.host!.name },
        },
      });
    };

  return {
    /** After a demo request is stored: this browser may pick a time, where the team has a schedule (true). */
    async allowPicking(ctx: Context, leadId: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM demo_schedule');
      if (rows.length === 0) return false;
      const expires = new Date(now() + BOOKING_TTL_MS);
      setCookie(
        ctx,
        'demo_booking',
        signToken(await key(), 'demo-booking', 'book', leadId, expires),
        expires,
      );
      return true;
    },

    async offer(ctx: Context, visitorZone: string | undefined): Promise<S['DemoBookingOffer']> {
      const lead = await leadOf(ctx);
      const at = now();
      const schedule = await scheduleOrNone(at);
      const zone = zoneOf(visitorZone, schedule, '/query/timeZone');
      const booking = await bookingOf(lead.id, schedule);
      const base = { hostTimeZone: schedule.timeZone, timeZone: zone, lengthMinutes: schedule.lengthMin };
      if (booking) return { ...base, matchesWishes: true, slots: [], booking };
      return { ...base, ...offered(await openSlotsOf(db, schedule, at), lead, zone, at), booking: null };
    },

    async book(ctx: Context, input: S['DemoBookingInput'], source: AuditSource): Promise<S['DemoBooking']> {
      const lead = await leadOf(ctx);
      const at = now();
      const schedule = await scheduleOrNone(at);
      const zone = zoneOf(input.timeZone, schedule, '/timeZone');
      const outcome = await bookSlot(
        db,
        lead.id,
        Date.parse(input.start),
        at,
        recordBooking(lead, schedule, zone, source),
      );
      if (outcome.booked) {
        const host = await db.query<{ username: string }>('SELECT username FROM admin_users WHERE id = $1', [
          outcome.hostId,
        ]);
        return {
          start: iso(outcome.start),
          end: iso(outcome.end),
          hostTimeZone: schedule.timeZone,
          host: host.rows[0]?.username ?? '',
        };
      }
      if (outcome.reason === 'lead-has-a-demo')
        throw new HttpError(409, 'Conflict', 'Your demo is booked already.', {
          extensions: { slots: [], booking: await bookingOf(lead.id, schedule) },
        });
      throw new HttpError(409, 'Conflict', 'That time was just taken. Please pick another.', {
        extensions: { ...pick(offered(outcome.slots, lead, zone, at)), booking: null },
      });
    },
  };
}

const pick = (o: { slots: S['DemoSlot'][] }) => ({ slots: o.slots });

/** The visitor's zone, or the schedule's when they name none; one no clock has is a 400. */
function zoneOf(visitorZone: string | undefined, schedule: Schedule, path: string): string {
  if (visitorZone === undefined || visitorZone === '') return schedule.timeZone;
  if (!isTimeZone(visitorZone)) {
    const message = `Unknown time zone "${visitorZone}": use an IANA name such as Europe/Berlin`;
    throw badRequest(message, [{ path, message }]);
  }
  return canonicalTimeZone(visitorZone);
}

export type BookingService = ReturnType<typeof createBookingService>;
