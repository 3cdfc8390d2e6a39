import type { components } from '@lead-desk/contract';
import { decodeCursor, encodeCursor } from '../db/cursor.ts';
import { invalidCursor } from '../http/errors.ts';
import type { Db, Queryable } from '../db/pool.ts';
import { webhookIdOf } from './payloads.ts';

type S = components['schemas'];
export type WebhookDelivery = S['WebhookDelivery'];
export type WebhookAttempt = S['WebhookAttempt'];

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, ev.type, ev.lead_kind, ev.lead_id, d.status, d.attempts,
  d.next_attempt_at, d.redelivery_of, d.created_at,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts,
  a.attempt, a.started_at, a.status_code, a.duration_ms, a.response_excerpt, a.error`;

/** A delivery with its event and its latest attempt. */
const DELIVERY_FROM = `webhook_deliveries d
  JOIN webhook_events ev ON ev.id = d.event_id
  LEFT JOIN LATERAL (
    SELECT * FROM webhook_attempts WHERE delivery_id = d.id ORDER BY attempt DESC LIMIT 1
  ) a ON true`;

/** The one place an attempt row becomes the API's object. */
function toAttempt(r: Record<string, unknown>): WebhookAttempt {
  return {
    attempt: r.attempt as number,
    startedAt: (r.started_at as Date).toISOString(),
    statusCode: r.status_code as number | null,
    durationMs: r.duration_ms as number,
    responseExcerpt: r.response_excerpt as string,
    error: r.error as string | null,
  };
}

/** The one place a delivery row becomes the API's object. */
function toDelivery(r: Record<string, unknown>): WebhookDelivery {
  return {
    id: r.id as number,
    endpointId: r.endpoint_id as number,
    webhookId: webhookIdOf(r.event_id as string),
    event: r.type as WebhookDelivery['event'],
    lead: r.lead_id === null ? null : { kind: r.lead_kind as S['LeadKind'], id: r.lead_id as number },
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts as number,
    lastAttempt: r.attempt === null ? null : toAttempt(r),
    nextAttemptAt:
      r.status === 'pending' && r.next_attempt_at ? (r.next_attempt_at as Date).toISOString() : null,
    redeliveryOf: r.redelivery_of as number | null,
    createdAt: (r.created_at as Date).toISOString(),
  };
}

export interface DeliveryFilters {
  endpointId?: number | undefined;
  lead?: { kind: S['LeadKind']; id: number } | undefined;
  event?: string | undefined;
  status?: string | undefined;
  since?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** A page of deliveries, newest first, with the cursor to the next one (paged like the lead lists). */
export async function listDeliveries(
  db: Db,
  f: DeliveryFilters,
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.endpointId !== undefined) add((p) => `d.endpoint_id = ${p}`, f.endpointId);
  if (f.lead) {
    add((p) => `ev.lead_kind = ${p}`, f.lead.kind);
    add((p) => `ev.lead_id = ${p}`, f.lead.id);
  }
  if (f.event) add((p) => `ev.type = ${p}`, f.event);
  if (f.status) add((p) => `d.status = ${p}`, f.status);
  if (f.since) add((p) => `d.created_at >= ${p}::timestamptz`, f.since);
  if (f.cursor) {
    const pos = decodeCursor(f.cursor);
    if (!pos) throw invalidCursor();
    params.push(pos.createdAt, pos.id);
    where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  }
  params.push(f.limit + 1);
  const { rows } = await db.query(
    `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    deliveries: page.map(toDelivery),
    nextCursor:
      rows.length > f.limit && last
        ? encodeCursor({ createdAt: last.cursor_ts as string, id: last.id as number })
        : null,
  };
}

export async function findDelivery(db: Db, id: number): Promise<WebhookDelivery | undefined> {
  const { rows } = await db.query(`SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE d.id = $1`, [id]);
  return rows[0] && toDelivery(rows[0]);
}

/** Every attempt of a delivery, oldest first. */
export async function listAttempts(db: Db, deliveryId: number): Promise<WebhookAttempt[]> {
  const { rows } = await db.query(
    `SELECT attempt, started_at, status_code, duration_ms, response_excerpt, error
       FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );
  return rows.map(toAttempt);
}

/**
 * A new pending delivery of the same event to the same endpoint, with its job, or undefined when
 * there is no such delivery or its event's data was erased (docs/product.md#erasure). The caller
 * checks the endpoint is enabled first.
 */
export async function insertRedelivery(db: Queryable, id: number): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH again AS (
       INSERT INTO webhook_deliveries (event_id, endpoint_id, redelivery_of)
       SELECT d.event_id, d.endpoint_id, d.id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE d.id = $1 AND e.erased_at IS NULL
       RETURNING id
     )
     SELECT id, webhook_enqueue(ARRAY[id]) FROM again`,
    [id],
  );
  return rows[0]?.id;
}
