import type { components } from '@lead-desk/contract';
import type pg from 'pg';
import { recordAssignments, setAssignee } from '../admin/assignment/assignment.repo.ts';
import { currentInvitation, saveInvitation, setBookingToken } from '../admin/leads/invitations.repo.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import type { AuditSource } from '../audit/audit.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { findById } from '../leads/find.repo.ts';
import { demoKind } from '../leads/lead-kinds.ts';
import type { InvitationParams } from '../mail/calendar.ts';
import { manageToken, manageTokenHash, verifyManageToken } from '../mail/manage-links.ts';
import { LINK_KEY } from '../newsletter/tokens.ts';
import type { Secrets } from '../secrets/secrets.ts';
import { emitEvent } from '../webhooks/emit.ts';
import { emitLeadChange } from '../webhooks/lead-events.ts';
import {
  cancelBooking,
  lockBooking,
  moveBooking,
  openSlotsBeside,
  type HeldBooking,
} from './bookings.repo.ts';
import { loadSchedule } from './schedule.repo.ts';
import { canonicalTimeZone, isTimeZone } from './slots.ts';

type S = components['schemas'];

const OFFERED = 60;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** What the prospect's link shows: the booking, and while it stands the times it may move to. */
export interface ManageView {
  status: 'confirmed' | 'cancelled';
  booking: S['DemoBooking'];
  timeZone: string;
  lengthMinutes: number;
  slots: S['DemoSlot'][];
}

const gone = () =>
  notFound(
    'This link no longer works: the demo has ended, moved (the newest email has the link) or was cancelled.',
  );

/**
 * The prospect moving or cancelling a booked demo by the link in its invitation
 * (docs/demo-slots.md#moving-or-cancelling). Each change is one transaction with everything it
 * changes: the booking (same UID, SEQUENCE + 1), the invitation's update or cancellation, the
 * lead's status and assignee, its history, the audit log and the webhooks.
 */
export function createManageService(db: Db, secrets: Secrets, now: () => number = Date.now) {
  const key = () => secrets.get(LINK_KEY);

  /** The booking the link names, held; a 404 when the link is not (or no longer) its own. */
  async function held(client: pg.PoolClient, token: string, at: number): Promise<HeldBooking> {
    const verified = verifyManageToken(await key(), token, new Date(at));
    if (!verified.ok) throw gone();
    const booking = await lockBooking(client, verified.id);
    if (!booking || !booking.manageTokenHash.equals(manageTokenHash(token))) throw gone();
    return booking;
  }

  async function hostName(client: pg.PoolClient, id: number) {
    const { rows } = await client.query<{ name: string; email: string | null }>(
      'SELECT username AS name, email FROM admin_users WHERE id = $1',
      [id],
    );
    return rows[0] ?? { name: '', email: null };
  }

  function zoneOr(zone: string | undefined, fallback: string): string {
    if (!zone) return fallback;
    if (!isTimeZone(zone)) {
      const message = `Unknown time zone "${zone}": use an IANA name such as Europe/Berlin`;
      throw badRequest(message, [{ path: '/timeZone', message }]);
    }
    return canonicalTimeZone(zone);
  }

  async function viewOf(
    client: pg.PoolClient,
    b: HeldBooking,
    zone: string | undefined,
    at: number,
  ): Promise<ManageView> {
    const schedule = await loadSchedule(client, at);
    const invitation = await currentInvitation(client, b.leadId);
    const hostZone = schedule?.timeZone ?? invitation.timeZone;
    const shown = zoneOr(zone, invitation.timeZone ?? hostZone);
    const open = b.status !== 'cancelled' && schedule ? await openSlotsBeside(client, schedule, b, at) : [];
    return {
      status: b.status === 'cancelled' ? 'cancelled' : 'confirmed',
      booking: {
        start: iso(b.start),
        end: iso(b.end),
        hostTimeZone: hostZone,
        host: (await hostName(client, b.hostId)).name,
      },
      timeZone: shown,
      lengthMinutes: Math.round((b.end - b.start) / MINUTE),
      slots: open
        .filter((s) => s.start !== b.start)
        .slice(0, OFFERED)
        .map((s) => ({ start: iso(s.start), end: iso(s.end) })),
    };
  }

  /** The lead row held, and its status before the change. */
  async function lockLead(client: pg.PoolClient, leadId: number) {
    const { rows } = await client.query<{ status: string; assignee_id: string | null }>(
      'SELECT status, assignee_id::text FROM demo_requests WHERE id = $1 FOR UPDATE',
      [leadId],
    );
    if (!rows[0]) throw gone();
    return {
      status: rows[0].status,
      assigneeId: rows[0].assignee_id === null ? null : Number(rows[0].assignee_id),
    };
  }

  const describe = (p: InvitationParams, by: string) =>
    `${new Intl.DateTimeFormat('en-US', { timeZone: p.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(p.startsAt))} ${p.timeZone}, ${p.durationMinutes} min, ${by}`;

  return {
    /** What the link shows. */
    view(token: string, zone?: string): Promise<ManageView> {
      return inTransaction(db, async (client) => {
        const at = now();
        return viewOf(client, await held(client, token, at), zone, at);
      });
    },

    /** Moves the demo to the open slot at `start`; answers the new link's token and what it shows. */
    move(token: string, start: string, zone: string | undefined, source: AuditSource) {
      return inTransaction(db, async (client) => {
        const at = now();
        const b = await held(client, token, at);
        if (b.status === 'cancelled') throw new HttpError(409, 'Conflict', 'This demo is cancelled.');
        const schedule = await loadSchedule(client, at);
        if (!schedule)
          throw notFound('The team offers no exact times now; reply to the invitation to find another.');
        const when = Date.parse(start);
        const moved = Number.isNaN(when) ? 'taken' : await moveBooking(client, schedule, b, when, at);
        if (moved === 'taken') {
          const fresh = await viewOf(client, b, zone, at);
          throw new HttpError(409, 'Conflict', 'That time was just taken. Please pick another.', {
            extensions: { slots: fresh.slots, booking: fresh.booking },
          });
        }
        const lead = await lockLead(client, b.leadId);
        if (moved.hostId !== lead.assigneeId) {
          await setAssignee(client, demoKind, [b.leadId], moved.hostId);
          await recordAssignments(client, demoKind, {
            ids: [b.leadId],
            previous: [lead.assigneeId],
            assigneeId: moved.hostId,
            actorId: null,
            mail: true,
          });
          await insertAuditEntry(client, source, {
            action: 'lead.assigned',
            target: { type: 'demo', id: b.leadId },
            changes: { assignee: { from: lead.assigneeId, to: moved.hostId } },
            details: { by: 'booking' },
          });
        }
        const before = await currentInvitation(client, b.leadId);
        const p: InvitationParams = {
          uid: b.icsUid,
          sequence: moved.sequence,
          method: 'REQUEST',
          change: 'moved',
          startsAt: iso(moved.start),
          timeZone: zoneOr(zone, before.timeZone),
          durationMinutes: Math.round((moved.end - moved.start) / MINUTE),
          meetingUrl: before.meetingUrl,
          host: await hostName(client, moved.hostId),
          manage: { bookingId: b.id, endsAt: iso(moved.end) },
        };
        const next = manageToken(await key(), b.id, new Date(moved.end));
        await setBookingToken(client, b.id, manageTokenHash(next));
        await saveInvitation(client, b.leadId, p, {
          status: 'confirmed',
          previousStatus: lead.status,
          template: 'demo-invitation',
          event: 'invitation-updated',
          detail: describe(p, 'moved by the prospect'),
          actor: null,
        });
        await insertAuditEntry(client, source, {
          action: 'demo.rescheduled',
          target: { type: 'demo', id: b.leadId },
          changes: { startsAt: { from: iso(b.start), to: p.startsAt } },
          details: { bookingId: b.id, hostId: moved.hostId, by: 'prospect' },
        });
        const found = (await findById(client, demoKind, b.leadId))!;
        await emitLeadChange(client, demoKind, found, lead.status);
        await emitEvent(client, 'demo.scheduled', {
          kind: 'demo',
          lead: found,
          invitation: {
            startsAt: p.startsAt,
            timeZone: p.timeZone,
            durationMinutes: p.durationMinutes,
            meetingUrl: p.meetingUrl,
          },
        });
        const after = (await lockBooking(client, b.id))!;
        return { token: next, view: await viewOf(client, after, p.timeZone, at) };
      });
    },

    /** Cancels the demo (a second time changes nothing); answers what the link shows then. */
    cancel(token: string, source: AuditSource): Promise<ManageView> {
      return inTransaction(db, async (client) => {
        const at = now();
        const b = await held(client, token, at);
        if (b.status === 'cancelled') return viewOf(client, b, undefined, at);
        const sequence = await cancelBooking(client, b, 'prospect');
        const lead = await lockLead(client, b.leadId);
        const p: InvitationParams = {
          ...(await currentInvitation(client, b.leadId)),
          sequence,
          method: 'CANCEL',
          change: 'cancelled',
          host: await hostName(client, b.hostId),
        };
        await saveInvitation(client, b.leadId, p, {
          status: 'cancelled',
          previousStatus: lead.status,
          template: 'demo-cancellation',
          event: 'invitation-cancelled',
          detail: describe(p, 'cancelled by the prospect'),
          actor: null,
        });
        await insertAuditEntry(client, source, {
          action: 'demo.cancelled',
          target: { type: 'demo', id: b.leadId },
          changes: { status: { from: lead.status, to: 'cancelled' } },
          details: { bookingId: b.id, by: 'prospect' },
        });
        const found = (await findById(client, demoKind, b.leadId))!;
        await emitLeadChange(client, demoKind, found, lead.status);
        return viewOf(client, (await lockBooking(client, b.id))!, p.timeZone, at);
      });
    },
  };
}

export type ManageService = ReturnType<typeof createManageService>;
