import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';

/** A second confirmation email to one address waits this long after the previous one. */
const RESEND_AFTER = '5 minutes';

/**
 * The subscription's own work, inside the guarded transaction (leads.repo.ts subscribe): the
 * address is stored (pending when new); unless it is active already, its consent is recorded and a
 * confirmation email queued, at most one per address every few minutes. What happened is never
 * told to the visitor (docs/product.md#leads).
 */
export async function requestSubscription(
  client: pg.PoolClient,
  s: { email: string; ip: string; wordingId: string; wording: string },
): Promise<void> {
  await client.query(`INSERT INTO consent_wordings (id, text) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
    s.wordingId,
    s.wording,
  ]);
  await client.query(
    `WITH sub AS (
       INSERT INTO newsletter_subscribers AS n (email) VALUES ($1)
       ON CONFLICT (email) DO UPDATE SET updated_at = n.updated_at
       RETURNING id, status
     ),
     wanted AS (
       SELECT sub.id FROM sub
        WHERE sub.status <> 'active'
          AND NOT EXISTS (SELECT 1 FROM newsletter_consents c
                           WHERE c.subscriber_id = sub.id AND c.requested_at > now() - interval '${RESEND_AFTER}')
     ),
     consent AS (
       INSERT INTO newsletter_consents (subscriber_id, wording_id, ip)
       SELECT id, $3, $2 FROM wanted
       RETURNING id, subscriber_id
     ),
     message AS (
       INSERT INTO mail_messages (lead_kind, lead_id, template, revision, params)
       SELECT 'newsletter', subscriber_id, 'newsletter-confirmation', id, jsonb_build_object('consentId', id)
         FROM consent
       RETURNING id, lead_id
     )
     INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
     SELECT 'newsletter', lead_id, 'subscribed', id, jsonb_build_object('text', 'from ' || $2::text) FROM message`,
    [s.email, s.ip, s.wordingId],
  );
}

export type ConfirmResult = 'confirmed' | 'already' | 'unknown';

/** Uses a confirmation link once: the consent is marked confirmed and its subscriber made active. */
export async function confirmConsent(db: Db, consentId: number, ip: string): Promise<ConfirmResult> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ subscriber_id: number; confirmed_at: Date | null }>(
      `SELECT subscriber_id, confirmed_at FROM newsletter_consents WHERE id = $1 FOR UPDATE`,
      [consentId],
    );
    const consent = rows[0];
    if (!consent) return 'unknown';
    // A link already used does not reactivate an address deactivated since (only a new one does).
    if (consent.confirmed_at) return 'already';
    await client.query(
      `WITH c AS (
         UPDATE newsletter_consents SET confirmed_at = clock_timestamp(), confirmed_ip = $2 WHERE id = $1
       ),
       s AS (
         UPDATE newsletter_subscribers SET status = 'active', confirmed_at = clock_timestamp(), updated_at = clock_timestamp()
          WHERE id = $3
          RETURNING id
       )
       INSERT INTO lead_events (lead_kind, lead_id, type, detail)
       SELECT 'newsletter', id, 'confirmed', jsonb_build_object('text', 'from ' || $2::text) FROM s`,
      [consentId, ip, consent.subscriber_id],
    );
    return 'confirmed';
  });
}

/** Makes a subscriber inactive (once); `type` says who did it: the owner's link, or the desk. */
export async function deactivate(
  db: Db | pg.PoolClient,
  subscriberId: number,
  event: { type: 'unsubscribed' | 'deactivated'; actor: string | null; detail: string | null },
): Promise<void> {
  await db.query(
    `WITH s AS (
       UPDATE newsletter_subscribers SET status = 'inactive', updated_at = clock_timestamp()
        WHERE id = $1 AND status <> 'inactive'
        RETURNING id
     )
     INSERT INTO lead_events (lead_kind, lead_id, type, actor, detail)
     SELECT 'newsletter', id, $2, $3, CASE WHEN $4::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('text', $4::text) END FROM s`,
    [subscriberId, event.type, event.actor, event.detail],
  );
}
