import type { Db } from '../db/pool.ts';

/**
 * Takes up to `limit` events from the outbox and writes a delivery for each endpoint subscribed
 * to each (now: an endpoint disabled since the event gets none) and their jobs (one per 100, see
 * webhook_enqueue), in one statement. SKIP LOCKED lets several processes relay at once without
 * taking an event twice. Returns how many events it took.
 */
export async function relayOutbox(db: Pick<Db, 'query'>, limit: number): Promise<number> {
  const { rows } = await db.query<{ events: number }>(
    `WITH taken AS (
       DELETE FROM webhook_outbox WHERE event_id IN (
         SELECT event_id FROM webhook_outbox LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING event_id
     ),
     deliveries AS (
       INSERT INTO webhook_deliveries (event_id, endpoint_id)
       SELECT ev.id, s.endpoint_id
         FROM taken
         JOIN webhook_events ev ON ev.id = taken.event_id
         CROSS JOIN LATERAL webhook_subscribers(ev.type, ev.lead_kind) AS s (endpoint_id)
       RETURNING id
     )
     SELECT (SELECT count(*) FROM taken)::int AS events,
            (SELECT webhook_enqueue(array_agg(id ORDER BY id)) FROM deliveries) AS jobs`,
    [limit],
  );
  return rows[0]!.events;
}
