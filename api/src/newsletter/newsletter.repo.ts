import type pg from 'pg';

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

/**
 * What using a confirmation link did: `activated` when it made the subscriber active (a pending or
 * inactive one), false when they were active already (another link confirmed them).
 */
export type ConfirmResult =
  { outcome: 'confirmed'; subscriberId: number; activated: boolean } | { outcome: 'already' | 'unknown' };

/**
 * Uses a confirmation link once, in the caller's transaction: the consent is marked confirmed and
 * its subscriber made active. Both rows are locked first, so `activated` is exact under concurrent links.
 */
export async function confirmConsent(
  client: pg.PoolClient,
  consentId: number,
  ip: string,
): Promise<ConfirmResult> {
  const { rows } = await client.query<{ subscriber_id: number; confirmed_at: Date | null; status: string }>(
    `SELECT c.subscriber_id, c.confirmed_at, s.status
       FROM newsletter_consents c JOIN newsletter_subscribers s ON s.id = c.subscriber_id
      WHERE c.id = $1 FOR UPDATE`,
    [consentId],
  );
  const consent = rows[0];
  if (!consent) return { outcome: 'unknown' };
  // A link already used does not reactivate an address deactivated since (only a new one does).
  if (consent.confirmed_at) return { outcome: 'already' };
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
  return {
    outcome: 'confirmed',
    subscriberId: consent.subscriber_id,
    activated: consent.status !== 'active',
  };
}

/**
 * Makes a subscriber inactive (once), in the caller's transaction; `type` says who did it: the
 * owner's link, or the desk. Returns the status it had before, undefined when nothing changed.
 */
export async function deactivate(
  client: pg.PoolClient,
  subscriberId: number,
  event: { type: 'unsubscribed' | 'deactivated'; actor: string | null; detail: string | null },
): Promise<string | undefined> {
  const { rows } = await client.query<{ status: string }>(
    `SELECT status FROM newsletter_subscribers WHERE id = $1 FOR UPDATE`,
    [subscriberId],
  );
  const previous = rows[0]?.status;
  if (previous === undefined || previous === 'inactive') return undefined;
  await client.query(
    `WITH s AS (
       UPDATE newsletter_subscribers SET status = 'inactive', updated_at = clock_timestamp()
        WHERE id = $1
        RETURNING id
     )
     INSERT INTO lead_events (lead_kind, lead_id, type, actor, detail)
     SELECT 'newsletter', id, $2, $3, CASE WHEN $4::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('text', $4::text) END FROM s`,
    [subscriberId, event.type, event.actor, event.detail],
  );
  return previous;
}
