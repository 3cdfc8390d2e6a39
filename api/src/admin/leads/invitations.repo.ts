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
