import type pg from 'pg';
import type { LeadKind } from '../leads/lead-kinds.ts';
import type { LeadKindName } from './payloads.ts';

/** A pool or a client inside a transaction: events are written in the caller's transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Writes an event and its outbox row, in one statement (so in the caller's transaction), when an
 * enabled endpoint subscribes to it; the relay writes the deliveries and their jobs. Returns how
 * many endpoints subscribe (0: nothing written). Who subscribes is the database's rule
 * (webhook_subscribers in the create-webhooks migration), the same the lead.created trigger uses.
 */
export async function insertEvent(
  db: Queryable,
  e: { type: string; leadKind: LeadKindName | null; leadId: number | null; data: unknown },
): Promise<number> {
  const { rows } = await db.query<{ subscribers: number }>(
    `WITH subscribers AS (SELECT webhook_subscribers($1, $2) AS endpoint_id),
     events AS (
       INSERT INTO webhook_events (type, lead_kind, lead_id, data)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM subscribers)
       RETURNING id
     ),
     outbox AS (INSERT INTO webhook_outbox (event_id) SELECT id FROM events)
     SELECT count(*)::int AS subscribers FROM subscribers`,
    [e.type, e.leadKind, e.leadId, JSON.stringify(e.data)],
  );
  return rows[0]!.subscribers;
}

/**
 * The rows lead.created events kept (to_jsonb of the inserted rows) as the table's own row type
 * again, so the kind's toApi reads them exactly as it reads rows from the table. In their order.
 */
export async function leadsFromSnapshots<T>(
  db: Queryable,
  kind: LeadKind<T>,
  snapshots: unknown[],
): Promise<T[]> {
  const { rows } = await db.query(
    `SELECT ${kind.select}
       FROM unnest($1::jsonb[]) WITH ORDINALITY AS s (snapshot, n),
            jsonb_populate_record(NULL::${kind.table}, s.snapshot)
      ORDER BY s.n`,
    [snapshots.map((r) => JSON.stringify(r))],
  );
  return rows.map(kind.toApi);
}

/**
 * A webhook.test event and its one delivery to this endpoint, whatever it subscribes to; no
 * outbox row and no job: the desk attempts it itself, at once.
 */
export async function insertTestDelivery(
  db: Queryable,
  endpointId: number,
  data: unknown,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH endpoint AS (SELECT id FROM webhook_endpoints WHERE id = $1),
     events AS (
       INSERT INTO webhook_events (type, data) SELECT 'webhook.test', $2 FROM endpoint RETURNING id
     )
     INSERT INTO webhook_deliveries (event_id, endpoint_id)
     SELECT events.id, $1 FROM events
     RETURNING id`,
    [endpointId, JSON.stringify(data)],
  );
  return rows[0]?.id;
}
