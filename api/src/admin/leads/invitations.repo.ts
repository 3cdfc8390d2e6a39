import type pg from 'pg';
import type { InvitationParams } from '../../mail/calendar.ts';

export interface InvitationState {
  status: string;
  uid: string | null;
  sequence: number | null;
  cancelled: boolean | null;
}

export async function lockDemo(client: pg.PoolClient, id: number): Promise<InvitationState | undefined> {
  const { rows } = await client.query<InvitationState>(
    `SELECT status, invitation_uid AS uid, invitation_sequence AS sequence, invitation_cancelled AS cancelled
       FROM demo_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/**
 * Stores the demo's invitation as it now is, sets its status, queues the message (an outbox row;
 * the worker's dispatcher makes its job) that tells the prospect (template and revision = SEQUENCE: one message per change) and records the history,
 * in the caller's transaction.
 */
export async function saveInvitation(
  client: pg.PoolClient,
  id: number,
  p: InvitationParams,
  o: {
    status: string;
    previousStatus: string;
    template: string;
    event: string;
    detail: string;
    /** The desk account's name, or null for the prospect (a booked slot). */
    actor: string | null;
  },
): Promise<void> {
  await client.query(
    `WITH d AS (
       UPDATE demo_requests
          SET invitation_uid = $2, invitation_sequence = $3, invitation_starts_at = $4,
              invitation_time_zone = $5, invitation_duration_minutes = $6, invitation_meeting_url = $7,
              invitation_cancelled = $8, status = $9, updated_at = clock_timestamp()
        WHERE id = $1
     ),
     m AS (
       INSERT INTO mail_messages (lead_kind, lead_id, template, revision, params)
       VALUES ('demo', $1, $10, $3, $11)
       RETURNING id
     )
     INSERT INTO lead_events (lead_kind, lead_id, type, message_id, actor, detail)
     SELECT 'demo', $1, $12, m.id, $13, jsonb_build_object('text', $14::text) FROM m
     UNION ALL
     SELECT 'demo', $1, 'status-changed', NULL, $13, jsonb_build_object('text', $15 || ' → ' || $9)
      WHERE $15 <> $9`,
    [
      id,
      p.uid,
      p.sequence,
      p.startsAt,
      p.timeZone,
      p.durationMinutes,
      p.meetingUrl,
      p.method === 'CANCEL',
      o.status,
      o.template,
      JSON.stringify(p),
      o.event,
      o.actor,
      o.detail,
      o.previousStatus,
    ],
  );
}

export async function currentInvitation(client: pg.PoolClient, id: number): Promise<InvitationParams> {
  const { rows } = await client.query<InvitationParams>(
    `SELECT invitation_uid AS uid, invitation_sequence AS sequence,
            to_char(invitation_starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startsAt",
            invitation_time_zone AS "timeZone", invitation_duration_minutes AS "durationMinutes",
            invitation_meeting_url AS "meetingUrl"
       FROM demo_requests WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/**
 * A demo booked into the schedule's slots follows its invitation when the desk moves or cancels
 * it (docs/demo-slots.md#moving-or-cancelling): the booking takes the new time (its buffers kept)
 * or is cancelled by staff, with the invitation's SEQUENCE. None when the demo has no booking;
 * 'taken' when the host has another demo in the new time with its buffers.
 */
export async function followBooking(
  client: pg.PoolClient,
  leadId: number,
  p: InvitationParams,
): Promise<{ bookingId: number; endsAt: Date } | 'none' | 'taken'> {
  // The host's lock first, as booking takes it (demos/bookings.repo.ts).
  const { rows: held } = await client.query<{ id: string }>(
    `SELECT id::text, pg_advisory_xact_lock(hashtextextended('demo-host:' || host_id::text, 0))::text
       FROM demo_bookings WHERE lead_id = $1 AND status IN ('pending', 'confirmed')`,
    [leadId],
  );
  if (!held[0]) return 'none';
  if (p.method === 'CANCEL') {
    await client.query(
      `UPDATE demo_bookings SET status = 'cancelled', cancelled_by = 'staff', cancelled_at = clock_timestamp(),
              ics_sequence = $2, updated_at = clock_timestamp()
        WHERE id = $1`,
      [held[0].id, p.sequence],
    );
    return { bookingId: Number(held[0].id), endsAt: new Date(p.startsAt) };
  }
  try {
    await client.query('SAVEPOINT follow_booking');
    const { rows } = await client.query<{ ends_at: Date }>(
      `UPDATE demo_bookings
          SET starts_at = $2::timestamptz, ends_at = $2::timestamptz + make_interval(mins => $3),
              blocked = tstzrange($2::timestamptz - (starts_at - lower(blocked)),
                                  $2::timestamptz + make_interval(mins => $3) + (upper(blocked) - ends_at)),
              previous_starts_at = starts_at, ics_sequence = $4, updated_at = clock_timestamp()
        WHERE id = $1
        RETURNING ends_at`,
      [held[0].id, p.startsAt, p.durationMinutes, p.sequence],
    );
    await client.query('RELEASE SAVEPOINT follow_booking');
    return { bookingId: Number(held[0].id), endsAt: rows[0]!.ends_at };
  } catch (err) {
    await client.query('ROLLBACK TO SAVEPOINT follow_booking');
    if ((err as { code?: string }).code === '23P01') return 'taken';
    throw err;
  }
}

/** The hash of a booking's current link to move or cancel it (mail/manage-links.ts). */
export async function setBookingToken(client: pg.PoolClient, bookingId: number, hash: Buffer): Promise<void> {
  await client.query('UPDATE demo_bookings SET manage_token_hash = $2 WHERE id = $1', [bookingId, hash]);
}
