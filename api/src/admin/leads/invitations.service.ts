import { randomUUID } from 'node:crypto';
import type { components } from '@lead-desk/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { demoKind } from '../../leads/lead-kinds.ts';
import type { InvitationParams } from '../../mail/calendar.ts';
import { messageIdDomain } from '../../mail/addresses.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import { namesOnly, type AuditSource } from '../../audit/audit.ts';
import { findById } from '../../leads/find.repo.ts';
import {
  currentInvitation,
  followBooking,
  lockDemo,
  saveInvitation,
  setBookingToken,
} from './invitations.repo.ts';
import { manageToken, manageTokenHash } from '../../mail/manage-links.ts';
import { LINK_KEY } from '../../newsletter/tokens.ts';
import type { Secrets } from '../../secrets/secrets.ts';
import { emitEvent } from '../../webhooks/emit.ts';
import { emitLeadChange } from '../../webhooks/lead-events.ts';
import { isTimeZone, zonedInstant } from './local-time.ts';

type Input = components['schemas']['InvitationInput'];

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The instant the desk asked for, or a 400 saying what is wrong with it. */
function startOf(input: Input, now = Date.now()): Date {
  if (!isTimeZone(input.timeZone)) {
    throw field('/timeZone', `Unknown time zone "${input.timeZone}": use an IANA name such as Europe/Berlin`);
  }
  const start = zonedInstant(input.date, input.time, input.timeZone);
  if (!start) {
    throw field(
      '/time',
      `${input.date} ${input.time} does not exist in ${input.timeZone} (the clocks skip that hour)`,
    );
  }
  if (start.getTime() < now) throw field('/date', 'The demo must start in the future');
  return start;
}

const describe = (p: InvitationParams) =>
  `${new Intl.DateTimeFormat('en-US', {
    timeZone: p.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(
    new Date(p.startsAt),
  )} ${p.timeZone}, ${p.durationMinutes} min${p.meetingUrl ? `, ${p.meetingUrl}` : ''}`;

/**
 * Demo invitations from the desk (docs/product.md#follow-up): sending one confirms the demo,
 * moving it sends an update (same UID, SEQUENCE + 1), cancelling sends METHOD:CANCEL and cancels
 * the demo. Each change, its email and its webhook events are one transaction: demo.scheduled on
 * a send and on a move, lead.status_changed when the status changed (docs/webhooks.md#events).
 */
export function createInvitationService(db: Db, mailFrom: string, secrets: Secrets) {
  const domain = messageIdDomain(mailFrom);

  /**
   * A booked demo's booking follows the desk's change; a move gives it a new link to move or
   * cancel it, which the updated invitation carries.
   */
  async function follow(client: pg.PoolClient, id: number, p: InvitationParams): Promise<InvitationParams> {
    const followed = await followBooking(client, id, p);
    if (followed === 'taken')
      throw new HttpError(
        409,
        'Conflict',
        "The demo's host has another demo at that time (with its buffers).",
      );
    if (followed === 'none' || p.method === 'CANCEL') return p;
    const token = manageToken(await secrets.get(LINK_KEY), followed.bookingId, followed.endsAt);
    await setBookingToken(client, followed.bookingId, manageTokenHash(token));
    return { ...p, manage: { bookingId: followed.bookingId, endsAt: followed.endsAt.toISOString() } };
  }

  /** The demo as it now is, in the change's transaction, with the status it had before. */
  async function changed(client: pg.PoolClient, id: number, previousStatus: string) {
    const lead = (await findById(client, demoKind, id))!;
    await emitLeadChange(client, demoKind, lead, previousStatus);
    return lead;
  }

  return {
    async schedule(id: number, input: Input, actor: string, source: AuditSource) {
      const start = startOf(input);
      return inTransaction(db, async (client) => {
        const demo = await lockDemo(client, id);
        if (!demo) throw notFound(`There is no demo request ${id}.`);
        const moving = demo.uid !== null && !demo.cancelled;
        const asked: InvitationParams = {
          uid: demo.uid ?? `demo-${randomUUID()}@${domain}`,
          sequence: demo.sequence === null ? 0 : demo.sequence + 1,
          method: 'REQUEST',
          change: moving ? 'moved' : 'new',
          startsAt: start.toISOString(),
          timeZone: input.timeZone,
          durationMinutes: input.durationMinutes,
          meetingUrl: input.meetingUrl ?? null,
        };
        const p = await follow(client, id, asked);
        await saveInvitation(client, id, p, {
          status: 'confirmed',
          previousStatus: demo.status,
          template: 'demo-invitation',
          event: moving ? 'invitation-updated' : 'invitation-sent',
          detail: describe(p),
          actor,
        });
        await insertAuditEntry(client, source, {
          action: moving ? 'demo-invitation.moved' : 'demo-invitation.sent',
          target: { type: 'demo', id },
          changes: {
            status: { from: demo.status, to: 'confirmed' },
            ...namesOnly(['startsAt', 'timeZone', 'durationMinutes', 'meetingUrl']),
          },
        });
        const lead = await changed(client, id, demo.status);
        const { startsAt, timeZone, durationMinutes, meetingUrl } = p;
        await emitEvent(client, 'demo.scheduled', {
          kind: 'demo',
          lead,
          invitation: { startsAt, timeZone, durationMinutes, meetingUrl },
        });
        return lead;
      });
    },

    async cancel(id: number, actor: string, source: AuditSource) {
      return inTransaction(db, async (client) => {
        const demo = await lockDemo(client, id);
        if (!demo) throw notFound(`There is no demo request ${id}.`);
        if (demo.uid === null || demo.cancelled) {
          throw new HttpError(409, 'Conflict', `Demo request ${id} has no invitation to cancel.`);
        }
        const p: InvitationParams = {
          ...(await currentInvitation(client, id)),
          sequence: demo.sequence! + 1,
          method: 'CANCEL',
          change: 'cancelled',
        };
        await follow(client, id, p);
        await saveInvitation(client, id, p, {
          status: 'cancelled',
          previousStatus: demo.status,
          template: 'demo-cancellation',
          event: 'invitation-cancelled',
          detail: describe(p),
          actor,
        });
        await insertAuditEntry(client, source, {
          action: 'demo-invitation.cancelled',
          target: { type: 'demo', id },
          changes: { status: { from: demo.status, to: 'cancelled' } },
        });
        return changed(client, id, demo.status);
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
