import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../../db/pool.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';

type S = components['schemas'];

/** How long its author may delete a note (docs/product.md#notes). */
export const DELETE_WINDOW = '15 minutes';

interface Row {
  id: number;
  created_at: Date;
  author_id: number;
  author: string;
  body: string | null;
  deletable_until: Date;
  deleted_at: Date | null;
  deleted_by: number | null;
  deleter: string | null;
}

const SELECT = `SELECT n.id, n.created_at, n.author_id, a.username AS author, n.body,
         n.created_at + interval '${DELETE_WINDOW}' AS deletable_until,
         n.deleted_at, n.deleted_by, d.username AS deleter
    FROM lead_notes n
    JOIN admin_users a ON a.id = n.author_id
    LEFT JOIN admin_users d ON d.id = n.deleted_by`;

/** The one place a row becomes the contract's LeadNote. */
function toApi(r: Row): S['LeadNote'] {
  return {
    id: r.id,
    at: r.created_at.toISOString(),
    author: { id: r.author_id, username: r.author },
    text: r.body,
    deletableUntil: r.deletable_until.toISOString(),
    deleted:
      r.deleted_at && r.deleted_by !== null
        ? { at: r.deleted_at.toISOString(), by: { id: r.deleted_by, username: r.deleter ?? '' } }
        : null,
  };
}

/** Whether the lead exists; in a transaction, it is held (FOR SHARE) until the end of it. */
export async function leadExists(db: Queryable, kind: LeadKind<unknown>, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${kind.table} WHERE id = $1 FOR SHARE`, [id]);
  return rows.length > 0;
}

export async function listNotes(db: Db, kind: LeadKind<unknown>, leadId: number): Promise<S['LeadNote'][]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE n.lead_kind = $1 AND n.lead_id = $2 ORDER BY n.id`, [
    kind.slug,
    leadId,
  ]);
  return rows.map(toApi);
}

export async function insertNote(
  db: Queryable,
  kind: LeadKind<unknown>,
  leadId: number,
  authorId: number,
  text: string,
): Promise<S['LeadNote']> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lead_notes (lead_kind, lead_id, author_id, body) VALUES ($1, $2, $3, $4) RETURNING id`,
    [kind.slug, leadId, authorId, text],
  );
  return (await findNote(db, rows[0]!.id))!;
}

async function findNote(db: Queryable, id: number): Promise<S['LeadNote'] | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE n.id = $1`, [id]);
  return rows[0] && toApi(rows[0]);
}

/** One note of this lead, locked for the rest of the transaction, and whether it may still be deleted. */
export async function lockNote(
  db: Queryable,
  kind: LeadKind<unknown>,
  leadId: number,
  noteId: number,
): Promise<{ authorId: number; deleted: boolean; withinWindow: boolean } | undefined> {
  const { rows } = await db.query<{ author_id: number; deleted: boolean; within_window: boolean }>(
    `SELECT author_id, deleted_at IS NOT NULL AS deleted,
            clock_timestamp() < created_at + interval '${DELETE_WINDOW}' AS within_window
       FROM lead_notes WHERE id = $1 AND lead_kind = $2 AND lead_id = $3 FOR UPDATE`,
    [noteId, kind.slug, leadId],
  );
  const r = rows[0];
  return r && { authorId: r.author_id, deleted: r.deleted, withinWindow: r.within_window };
}

/** Removes the note's text and records who deleted it, now (the table's trigger allows nothing else). */
export async function markDeleted(db: Queryable, noteId: number, by: number): Promise<S['LeadNote']> {
  await db.query(
    `UPDATE lead_notes SET body = NULL, deleted_at = clock_timestamp(), deleted_by = $2 WHERE id = $1`,
    [noteId, by],
  );
  return (await findNote(db, noteId))!;
}
