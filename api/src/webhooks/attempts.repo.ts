import type { Db } from '../db/pool.ts';
import { webhookIdOf, type LeadKindName, type WebhookType } from './payloads.ts';

/** What one attempt needs: the delivery, its event and its endpoint (null once deleted). */
export interface DueDelivery {
  id: number;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  event: {
    webhookId: string;
    type: WebhookType;
    leadKind: LeadKindName | null;
    data: unknown;
    leadRow: unknown;
    createdAt: Date;
  };
  endpoint: { url: string; enabled: boolean; secrets: string[] } | null;
}

/** The deliveries with these ids that exist, with their events and endpoints. */
export async function loadDeliveries(db: Db, ids: number[]): Promise<DueDelivery[]> {
  const { rows } = await db.query(
    `SELECT d.id, d.status, d.attempts, ev.id AS webhook_id, ev.type, ev.lead_kind, ev.data, ev.lead_row,
            ev.created_at, e.url, e.enabled, e.secret,
            CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret
       FROM webhook_deliveries d
       JOIN webhook_events ev ON ev.id = d.event_id
       LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = ANY ($1::bigint[])
      ORDER BY d.id`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    attempts: r.attempts,
    event: {
      webhookId: webhookIdOf(r.webhook_id),
      type: r.type,
      leadKind: r.lead_kind,
      data: r.data,
      leadRow: r.lead_row,
      createdAt: r.created_at,
    },
    endpoint:
      r.url === null
        ? null
        : { url: r.url, enabled: r.enabled, secrets: [r.secret, r.previous_secret].filter(Boolean) },
  }));
}

/**
 * Deliveries whose endpoint is gone: deleting an endpoint deletes its deliveries, but one written
 * by a lead committing at that moment can outlive it (there is no foreign key, see the migration).
 */
export async function deleteOrphans(db: Db, ids: number[]): Promise<void> {
  await db.query(
    `DELETE FROM webhook_deliveries d WHERE d.id = ANY ($1::bigint[])
        AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id)`,
    [ids],
  );
}

export interface AttemptRecord {
  deliveryId: number;
  attempt: number;
  startedAt: Date;
  statusCode: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
  /** The delivery's state after this attempt. */
  status: 'pending' | 'succeeded' | 'failed';
  /** When pending: the next attempt's time (its job is added). */
  nextAttemptAt: Date | null;
  /** False for test events and for deliveries not sent: they tell nothing about the endpoint. */
  countsForHealth: boolean;
}

/**
 * Records a batch of attempts in one statement: each attempt, its delivery's new state, the next
 * attempts' jobs, and the endpoints' failure clocks. Only the attempt a delivery expects is
 * recorded (a job run twice records once). An endpoint's row is written only when its state
 * changes (its first failure, a success after failures, disabling), and such rows are locked in id
 * order first, so concurrent batches neither queue behind a busy endpoint's row nor deadlock.
 * Within a batch, one success for an endpoint counts as its latest word. Returns the attempts
 * recorded and the endpoints this batch disabled.
 */
export async function recordAttempts(
  db: Db,
  attempts: AttemptRecord[],
  disableAfterMs: number,
): Promise<{ recorded: number; disabled: number[] }> {
  const column = <T>(f: (a: AttemptRecord) => T) => attempts.map(f);
  const { rows } = await db.query<{ recorded: number; disabled: number[] }>(
    `WITH input AS (
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[],
                            $6::int[], $7::int[], $8::text[], $9::text[], $10::boolean[])
         AS t (delivery_id, attempt, status, next_attempt_at, started_at, status_code, duration_ms, excerpt, error, counts)
     ),
     d AS (
       UPDATE webhook_deliveries w
          SET attempts = i.attempt, status = i.status, next_attempt_at = i.next_attempt_at,
              updated_at = clock_timestamp()
         FROM input i
        WHERE w.id = i.delivery_id AND w.attempts = i.attempt - 1 AND w.status = 'pending'
       RETURNING w.id, w.endpoint_id, i.attempt, i.status, i.next_attempt_at, i.started_at, i.status_code,
                 i.duration_ms, i.excerpt, i.error, i.counts
     ),
     logged AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, started_at, status_code, duration_ms, response_excerpt, error)
       SELECT id, attempt, started_at, status_code, duration_ms, excerpt, error FROM d
     ),
     health AS (
       SELECT endpoint_id, bool_or(status = 'succeeded') AS ok,
              min(started_at) FILTER (WHERE status <> 'succeeded') AS first_failure
         FROM d WHERE counts GROUP BY endpoint_id
     ),
     changing AS (
       SELECT e.id, h.ok, h.first_failure,
              coalesce(NOT h.ok AND e.enabled AND e.failing_since <= clock_timestamp() - $11 * interval '1 millisecond', false)
                AS disabling
         FROM webhook_endpoints e JOIN health h ON h.endpoint_id = e.id
        WHERE (h.ok AND e.failing_since IS NOT NULL)
           OR (NOT h.ok AND e.failing_since IS NULL)
           OR (NOT h.ok AND e.enabled AND e.failing_since <= clock_timestamp() - $11 * interval '1 millisecond')
        ORDER BY e.id
        FOR NO KEY UPDATE OF e
     ),
     endpoints AS (
       UPDATE webhook_endpoints e
          SET failing_since = CASE WHEN c.ok THEN NULL ELSE coalesce(e.failing_since, c.first_failure) END,
              enabled = e.enabled AND NOT c.disabling,
              disabled_reason = CASE WHEN c.disabling THEN 'failing' ELSE e.disabled_reason END,
              disabled_at = CASE WHEN c.disabling THEN clock_timestamp() ELSE e.disabled_at END,
              updated_at = CASE WHEN c.disabling THEN clock_timestamp() ELSE e.updated_at END
         FROM changing c
        WHERE e.id = c.id
       RETURNING e.id, c.disabling
     ),
     next AS (
       SELECT webhook_enqueue(array_agg(id ORDER BY id), next_attempt_at) AS jobs
         FROM d WHERE next_attempt_at IS NOT NULL GROUP BY next_attempt_at
     )
     SELECT (SELECT count(*) FROM d)::int AS recorded,
            ARRAY(SELECT id FROM endpoints WHERE disabling ORDER BY id) AS disabled,
            (SELECT coalesce(sum(jobs), 0) FROM next)::int AS jobs`,
    [
      column((a) => a.deliveryId),
      column((a) => a.attempt),
      column((a) => a.status),
      column((a) => a.nextAttemptAt),
      column((a) => a.startedAt),
      column((a) => a.statusCode),
      column((a) => a.durationMs),
      column((a) => a.excerpt),
      column((a) => a.error),
      column((a) => a.countsForHealth),
      disableAfterMs,
    ],
  );
  return { recorded: rows[0]!.recorded, disabled: rows[0]!.disabled };
}
