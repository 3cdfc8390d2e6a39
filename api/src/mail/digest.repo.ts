import type { Db } from '../db/pool.ts';

/** The emails that may go out in digests (docs/product.md#alert-digests). */
export type DigestTemplate = 'sales-alert' | 'lead-assigned';
export const DIGEST_TEMPLATES: DigestTemplate[] = ['sales-alert', 'lead-assigned'];

/**
 * The rule of digests (docs/product.md#alert-digests), as SQL on the `mail_messages` row `m`: it is
 * past the first `perMinute` (ALERTS_PER_MINUTE, a SQL parameter such as `$4`) emails of its
 * template to its recipient (the sales team for an alert, the account's address for "assigned to
 * you") created in its clock minute, in the order of their ids. It depends on that person's emails
 * only, never on the queue.
 */
export const pastMinuteShare = (m: string, perMinute: string) =>
  `(SELECT count(*) FROM (
      SELECT 1 FROM mail_messages o
       WHERE o.template = ${m}.template
         AND o.created_at >= date_trunc('minute', ${m}.created_at)
         AND o.created_at < date_trunc('minute', ${m}.created_at) + interval '1 minute'
         AND o.id < ${m}.id
         AND (o.template <> 'lead-assigned' OR o.params ->> 'email' = ${m}.params ->> 'email')
       LIMIT ${perMinute}::int) earlier) >= ${perMinute}::int`;

/**
 * The outbox rows a digest may take, as SQL on `mail_messages` (alias-free): not yet handed to the
 * job queue, of a template the `$n` parameter (text[]) lists; an "assigned to you" email only when
 * its account has an address (one without is held, one by one).
 */
export const digestible = (templates: string) =>
  `job_queued_at IS NULL AND template = ANY (${templates}::text[])
   AND (template <> 'lead-assigned' OR params ->> 'email' IS NOT NULL)`;

/** An email taken for a digest: its row's key and try, and for an "assigned to you" one, its account. */
export interface DigestRow {
  id: number;
  lead_kind: 'contact' | 'demo' | 'get-started';
  lead_id: number;
  attempts: number;
  created_at: Date;
  /** "Assigned to you": the account's address, and who assigned (null: the automatic assignment). */
  email: string | null;
  by: string | null;
}

/**
 * Takes the waiting emails of `template` (up to `max`, oldest first) that the dispatcher left to a
 * digest (pastMinuteShare, queue.repo.ts), once their minute has ended (digest_due) by `now` (the
 * worker's clock; null: the database's). Taken rows are 'sending'
 * under a lease, like a job's: if this worker dies, the sweep queues them again
 * (docs/operations.md#email).
 */
export async function claimDigest(
  db: Db,
  template: DigestTemplate,
  opts: { max: number; leaseSeconds: number; now?: Date | null },
): Promise<DigestRow[]> {
  const { rows } = await db.query<DigestRow>(
    `WITH due AS (
       SELECT id FROM mail_messages m
        WHERE ${digestible('ARRAY[$3]')} AND status = 'queued'
          AND digest_due <= coalesce($4::timestamptz, clock_timestamp())
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     )
     UPDATE mail_messages m
        SET status = 'sending', attempts = m.attempts + 1, job_queued_at = clock_timestamp(),
            updated_at = clock_timestamp(), lease_until = clock_timestamp() + make_interval(secs => $2)
       FROM due
      WHERE m.id = due.id
      RETURNING m.id, m.lead_kind, m.lead_id, m.attempts, m.created_at,
                m.params ->> 'email' AS email, m.params ->> 'by' AS by`,
    [opts.max, opts.leaseSeconds, template, opts.now ?? null],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export interface DigestSent {
  messageId: string;
  sender: string;
  recipients: string[];
  subject: string;
  /** What each carried email's row shows as its text: where it went. */
  text: string;
  smtpResponse: string;
  /** The history event's text. */
  detail: string;
}

/**
 * Records a sent digest on every email it carried (still this try's: same attempt, 'sending'), with
 * a history event each, in one statement. Answers how many were still this worker's.
 */
export async function recordDigest(db: Db, rows: DigestRow[], d: DigestSent): Promise<number> {
  const { rows: out } = await db.query<{ n: number }>(
    `WITH input AS (SELECT * FROM unnest($1::bigint[], $2::int[]) AS t (id, attempts)),
     m AS (
       UPDATE mail_messages AS m
          SET status = 'sent', sent_at = clock_timestamp(), updated_at = clock_timestamp(), lease_until = NULL,
              smtp_response = $3, digest_message_id = $4, sender = $5, recipients = $6::text[],
              subject = $7, body_text = $8, html = NULL, last_error = NULL
         FROM input i
        WHERE m.id = i.id AND m.attempts = i.attempts AND (m.status = 'sending') IS TRUE
        RETURNING m.id, m.lead_kind, m.lead_id
     ),
     e AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
       SELECT lead_kind, lead_id, 'sent', id, jsonb_build_object('text', $9::text) FROM m
     )
     SELECT count(*)::int AS n FROM m`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.attempts),
      d.smtpResponse,
      d.messageId,
      d.sender,
      d.recipients,
      d.subject,
      d.text,
      d.detail,
    ],
  );
  return out[0]?.n ?? 0;
}

/**
 * Gives a digest's emails back when it could not be sent: queued again, for the dispatcher to send
 * one by one with the ordinary retries, each with a history event that says why (`detail`).
 */
export async function releaseDigest(
  db: Db,
  rows: DigestRow[],
  reason: string,
  detail: string,
): Promise<void> {
  await db.query(
    `WITH input AS (SELECT * FROM unnest($1::bigint[], $2::int[]) AS t (id, attempts)),
     m AS (
       UPDATE mail_messages AS m
          SET status = 'queued', job_queued_at = NULL, lease_until = NULL, updated_at = clock_timestamp(),
              last_error = $3
         FROM input i
        WHERE m.id = i.id AND m.attempts = i.attempts AND (m.status = 'sending') IS TRUE
        RETURNING m.id, m.lead_kind, m.lead_id
     )
     INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
     SELECT lead_kind, lead_id, 'retrying', id, jsonb_build_object('text', $4::text) FROM m`,
    [rows.map((r) => r.id), rows.map((r) => r.attempts), reason, detail],
  );
}
