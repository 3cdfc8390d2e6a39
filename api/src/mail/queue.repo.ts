import type { Db, Queryable } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import type { components } from '@lead-desk/contract';
import { DIGEST_TEMPLATES, digestible, pastMinuteShare, type DigestTemplate } from './digest.repo.ts';

type MailTemplate = components['schemas']['MailTemplate'];

/** Messages per graphile-worker job: one job's claim, lead reads and records serve them all. */
export const MESSAGES_PER_JOB = 20;

/**
 * The one rule of the jobs' order (docs/operations.md#worker): a message to the person who just
 * acted (an acknowledgment, a newsletter confirmation, a demo invitation or its cancellation) goes
 * ahead of every other job (graphile-worker runs lower priorities first). Messages to the team
 * (sales alerts, "assigned to you"), webhook deliveries (webhook_enqueue) and every message while
 * email is not configured (only held: nobody waits for it) keep graphile-worker's default, 0. Team
 * invitations are sent while the admin waits, not queued (admin/team/invitation-mail.ts).
 */
export const WAITED_FOR: MailTemplate[] = [
  'acknowledgment',
  'newsletter-confirmation',
  'demo-invitation',
  'demo-cancellation',
];
const WAITED_FOR_PRIORITY = -1;
const DEFAULT_PRIORITY = 0;

/**
 * Hands new outbox rows (a lead's insert, a resend, a takeover) to graphile-worker: up to `limit`
 * of them, as batch jobs of `send_mail` (payload: [{ id }, ...]), the messages people wait for
 * first. Several workers may dispatch at once: each takes rows the others have not locked. Answers
 * how many rows it dispatched. The rows are marked and the jobs added in one transaction.
 * Emails of the `digested` templates (sales alerts, "assigned to you") past a recipient's first
 * `perMinute` (ALERTS_PER_MINUTE) of a minute are left for that minute's digest (digest.repo.ts,
 * docs/product.md#alert-digests), marked with the time that digest is due; with none digested,
 * each goes one by one. `sending`: false while email is not configured.
 */
export async function dispatch(
  db: Db,
  limit = 1000,
  digested: DigestTemplate[] = DIGEST_TEMPLATES,
  sending = true,
  perMinute = 10,
): Promise<number> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ payload: { id: number }[]; priority: number }>(
      `WITH seen AS (
         -- An email left to a digest is judged once (digest_due); one of a template not digested
         -- now (digests paused, or email no longer configured) goes one by one after all.
         SELECT id, (${digestible('$3')} AND ${pastMinuteShare('m', '$8')}) AS later
           FROM mail_messages m
          WHERE job_queued_at IS NULL AND (digest_due IS NULL OR template <> ALL ($3::text[]))
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ),
       left_to_digest AS (
         UPDATE mail_messages m SET digest_due = date_trunc('minute', m.created_at) + interval '1 minute'
           FROM seen WHERE m.id = seen.id AND seen.later
       ),
       due AS (SELECT id FROM seen WHERE NOT later),
       marked AS (
         UPDATE mail_messages m SET job_queued_at = clock_timestamp() FROM due WHERE m.id = due.id
         RETURNING m.id, CASE WHEN $6 AND m.template = ANY($7::text[]) THEN $4::int ELSE $5::int END AS priority
       )
       SELECT json_agg(json_build_object('id', id) ORDER BY id) AS payload, priority
         FROM (SELECT id, priority, (row_number() OVER (PARTITION BY priority ORDER BY id) - 1) / $2 AS chunk
                 FROM marked) x
        GROUP BY priority, chunk
        ORDER BY priority, chunk`,
      [
        limit,
        MESSAGES_PER_JOB,
        digested,
        WAITED_FOR_PRIORITY,
        DEFAULT_PRIORITY,
        sending,
        WAITED_FOR,
        perMinute,
      ],
    );
    if (rows.length === 0) return 0;
    // graphile-worker's own function (its public SQL API); 14 attempts over about 28 hours.
    await client.query(
      `SELECT count(*) FROM graphile_worker.add_jobs(
         (SELECT array_agg(ROW('send_mail', p, NULL, NULL, 14, NULL, pr, NULL)::graphile_worker.job_spec)
            FROM unnest($1::json[], $2::int[]) AS t (p, pr)))`,
      [rows.map((r) => JSON.stringify(r.payload)), rows.map((r) => r.priority)],
    );
    return rows.reduce((n, r) => n + r.payload.length, 0);
  });
}

/**
 * Messages whose sending worker died (lease run out) go back to the queue (the dispatcher makes
 * their new job), and their history says so. The dead worker's own job stays locked until
 * graphile-worker frees it (4 hours), then finds them no longer its to send.
 */
export async function requeueStale(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH stale AS (
       UPDATE mail_messages
          SET status = 'queued', lease_until = NULL, job_queued_at = NULL, updated_at = clock_timestamp()
        WHERE status = 'sending' AND lease_until < clock_timestamp()
        RETURNING id, lead_kind, lead_id
     ),
     events AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
       SELECT lead_kind, lead_id, 'interrupted', id,
              jsonb_build_object('text', 'The worker stopped while sending; sending again')
         FROM stale
     )
     SELECT count(*)::int AS n FROM stale`,
  );
  return rows[0]?.n ?? 0;
}

/** Queues a failed or held message again; undefined when it is neither, or erased (docs/product.md#erasure). */
export async function requeue(db: Queryable, id: number, actor: string): Promise<{ id: number } | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH m AS (
       UPDATE mail_messages
          SET status = 'queued', job_queued_at = NULL, updated_at = clock_timestamp(),
              -- A held message that was never rendered (nobody to send to) is composed afresh.
              html = CASE WHEN recipients IS NULL THEN NULL ELSE html END
        WHERE id = $1 AND status IN ('failed', 'held') AND erased_at IS NULL
        RETURNING id, lead_kind, lead_id
     ),
     e AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, message_id, actor)
       SELECT lead_kind, lead_id, 'resent', id, $2 FROM m
     )
     SELECT id FROM m`,
    [id, actor],
  );
  return rows[0];
}

/** Deletes the acknowledgment counts of days gone by (docs/operations.md#housekeeping). */
export async function sweepAcknowledgmentCounts(db: Db): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM acknowledgment_counts WHERE day < (now() AT TIME ZONE 'UTC')::date`,
  );
  return rowCount ?? 0;
}
