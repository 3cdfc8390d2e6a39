import type { Queryable } from '../../db/pool.ts';
import { ERASABLE, eraseLeads, type LeadRef, type PersonKind } from './erasure.repo.ts';

/**
 * The retention job's batches (docs/operations.md#retention): each takes at most `batch` rows,
 * oldest first, skipping rows another transaction holds (SKIP LOCKED), so it never waits on the
 * site and holds its own locks only for one short transaction. Each returns how many rows it did.
 */

/** Leads of a person's kind older than `days`, erased as on request (one `person.erased`). */
export async function eraseExpiredLeads(db: Queryable, kind: PersonKind, days: number, batch: number) {
  const { rows } = await db.query<{ id: number; email: string }>(
    `SELECT id, email FROM ${ERASABLE[kind].table}
      WHERE erased_at IS NULL AND created_at < now() - make_interval(days => $1)
      ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [days, batch],
  );
  return erase(db, kind, rows);
}

/**
 * Subscriptions in `status` whose last change is older than `days`: sign-ups never confirmed, and
 * subscriptions ended (inactive) once leads are kept no longer than that.
 */
export async function eraseExpiredSubscribers(
  db: Queryable,
  status: 'pending' | 'inactive',
  days: number,
  batch: number,
) {
  const { rows } = await db.query<{ id: number; email: string }>(
    `SELECT id, email FROM newsletter_subscribers
      WHERE status = $1 AND created_at < now() - make_interval(days => $2)
        AND updated_at < now() - make_interval(days => $2)
      ORDER BY created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [status, days, batch],
  );
  return erase(db, 'newsletter', rows);
}

async function erase(db: Queryable, kind: LeadRef['kind'], rows: { id: number; email: string }[]) {
  if (rows.length === 0) return 0;
  const refs = rows.map((r) => ({ kind, id: r.id }));
  const erased = await eraseLeads(db, refs, [...new Set(rows.map((r) => r.email))], 'retention');
  return erased.leads.length;
}

/** Sent emails older than `days` lose their bodies (the row, its subject and status stay). */
export async function purgeEmailBodies(db: Queryable, days: number, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE mail_messages SET html = NULL, body_text = NULL, calendar = NULL, headers = NULL
      WHERE id IN (SELECT id FROM mail_messages
                    WHERE (html IS NOT NULL OR body_text IS NOT NULL) AND sent_at < now() - make_interval(days => $1)
                    ORDER BY sent_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [days, batch],
  );
  return rowCount ?? 0;
}

/**
 * Webhook events older than `days` lose their data and their attempts' response excerpts; a
 * delivery of one still pending (it cannot be, with the retry schedule) is cancelled.
 */
export async function purgeWebhookPayloads(db: Queryable, days: number, batch: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH events AS (
       UPDATE webhook_events SET data = NULL, lead_row = NULL, erased_at = clock_timestamp()
        WHERE id IN (SELECT id FROM webhook_events
                      WHERE erased_at IS NULL AND created_at < now() - make_interval(days => $1)
                      ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id
     ),
     outbox AS (DELETE FROM webhook_outbox WHERE event_id IN (SELECT id FROM events)),
     deliveries AS (
       UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = clock_timestamp()
        WHERE event_id IN (SELECT id FROM events) AND status = 'pending'
     ),
     attempts AS (
       UPDATE webhook_attempts SET response_excerpt = '', error = NULL
        WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d WHERE d.event_id IN (SELECT id FROM events))
     )
     SELECT count(*)::int AS n FROM events`,
    [days, batch],
  );
  return rows[0]!.n;
}
