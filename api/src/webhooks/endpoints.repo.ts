import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../db/pool.ts';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];

const COLUMNS = `id, url, description, events, lead_kinds, enabled, disabled_reason, disabled_at, failing_since,
  CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at,
  created_at, updated_at`;

const isoOrNull = (v: unknown) => (v === null ? null : (v as Date).toISOString());

/** The one place an endpoint row becomes the API's object; the secrets never leave the database this way. */
function toEndpoint(r: Record<string, unknown>): WebhookEndpoint {
  return {
    id: r.id as number,
    url: r.url as string,
    description: r.description as string,
    events: r.events as WebhookEndpoint['events'],
    leadKinds: r.lead_kinds as WebhookEndpoint['leadKinds'],
    enabled: r.enabled as boolean,
    disabledReason: r.disabled_reason as WebhookEndpoint['disabledReason'],
    disabledAt: isoOrNull(r.disabled_at),
    failingSince: isoOrNull(r.failing_since),
    previousSecretExpiresAt: isoOrNull(r.previous_secret_expires_at),
    createdAt: (r.created_at as Date).toISOString(),
    updatedAt: (r.updated_at as Date).toISOString(),
  };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM webhook_endpoints ORDER BY id`);
  return rows.map(toEndpoint);
}

export async function findEndpoint(db: Db, id: number): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1`, [id]);
  return rows[0] && toEndpoint(rows[0]);
}

export interface EndpointFields {
  url: string;
  description: string;
  events: string[];
  leadKinds: string[];
  enabled: boolean;
}

export async function insertEndpoint(
  db: Queryable,
  f: EndpointFields,
  secret: string,
): Promise<WebhookEndpoint> {
  const { rows } = await db.query(
    `INSERT INTO webhook_endpoints (url, description, events, lead_kinds, enabled, disabled_reason, disabled_at, secret)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 THEN NULL ELSE 'manual' END, CASE WHEN $5 THEN NULL ELSE clock_timestamp() END, $6)
     RETURNING ${COLUMNS}`,
    [f.url, f.description, f.events, f.leadKinds, f.enabled, secret],
  );
  return toEndpoint(rows[0]!);
}

/**
 * Changes the given fields. Enabling clears why it was disabled and its failure clock; disabling
 * in the desk records 'manual' (an endpoint disabled for failing keeps that reason).
 */
export async function updateEndpoint(
  db: Queryable,
  id: number,
  f: Partial<EndpointFields>,
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query(
    `UPDATE webhook_endpoints SET
       url = coalesce($2, url),
       description = coalesce($3, description),
       events = coalesce($4, events),
       lead_kinds = coalesce($5, lead_kinds),
       enabled = coalesce($6, enabled),
       disabled_reason = CASE WHEN $6 IS NULL THEN disabled_reason WHEN $6 THEN NULL
                              ELSE coalesce(disabled_reason, 'manual') END,
       disabled_at = CASE WHEN $6 IS NULL THEN disabled_at WHEN $6 THEN NULL
                          ELSE coalesce(disabled_at, clock_timestamp()) END,
       failing_since = CASE WHEN $6 AND NOT enabled THEN NULL ELSE failing_since END,
       updated_at = clock_timestamp()
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, f.url ?? null, f.description ?? null, f.events ?? null, f.leadKinds ?? null, f.enabled ?? null],
  );
  return rows[0] && toEndpoint(rows[0]);
}

/** The endpoint and its deliveries (their attempts cascade); pending jobs then find nothing to do. */
export async function deleteEndpoint(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `WITH gone AS (DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id),
     deliveries AS (DELETE FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [id],
  );
  return rows[0]!.n > 0;
}

/**
 * A new secret; the current one becomes the previous one and keeps signing until `keepFor` has
 * passed. A previous secret still in force is dropped: only the latest two ever sign.
 */
export async function rotateSecret(
  db: Queryable,
  id: number,
  secret: string,
  keepForMs: number,
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query(
    `UPDATE webhook_endpoints
        SET previous_secret = secret,
            previous_secret_expires_at = clock_timestamp() + $3 * interval '1 millisecond',
            secret = $2,
            updated_at = clock_timestamp()
      WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, secret, keepForMs],
  );
  return rows[0] && toEndpoint(rows[0]);
}
