import type { Db } from '../db/pool.ts';
import type { Queryable } from '../webhooks/events.repo.ts';
import type { LeadKind } from '../leads/lead-kinds.ts';

export interface HeldRow {
  lead_kind: 'contact' | 'demo' | 'get-started';
  id: number;
  created_at: Date;
  reason: string;
  fields: Record<string, string>;
}

/** The newest held leads, and how many there are. */
export async function listHeld(db: Db, limit: number): Promise<{ rows: HeldRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<HeldRow>(
      `SELECT lead_kind, id, created_at, reason, fields FROM suspected_spam
        ORDER BY created_at DESC, lead_kind, id DESC LIMIT $1`,
      [limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suspected_spam`),
  ]);
  return { rows: page.rows, total: count.rows[0]!.n };
}

/**
 * Moves a held lead into its table, as it came (its id, date and fields), in the caller's
 * transaction: the table's triggers then queue its emails and its lead.created event and count it.
 * False when there is no such held lead.
 */
export async function release(client: Queryable, kind: LeadKind<unknown>, id: number): Promise<boolean> {
  const columns = [...kind.inserts.map((i) => i.column), 'spam_check'];
  const { rowCount } = await client.query(
    `WITH gone AS (DELETE FROM suspected_spam WHERE lead_kind = $1 AND id = $2 RETURNING *)
     INSERT INTO ${kind.table} (id, created_at, ${columns.join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT gone.id, gone.created_at, ${columns.map((c) => `r.${c}`).join(', ')}
       FROM gone, jsonb_populate_record(NULL::${kind.table}, gone.fields) r`,
    [kind.slug, id],
  );
  return (rowCount ?? 0) > 0;
}

/** Held leads older than 30 days and expired redemptions (docs/product.md#spam). */
export async function sweepSpam(db: Db): Promise<number> {
  const [held, redeemed] = await Promise.all([
    db.query(`DELETE FROM suspected_spam WHERE created_at < now() - interval '30 days'`),
    db.query(`DELETE FROM spam_redemptions WHERE expires_at < now()`),
  ]);
  return (held.rowCount ?? 0) + (redeemed.rowCount ?? 0);
}
