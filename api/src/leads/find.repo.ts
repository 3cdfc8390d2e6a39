import type { Db } from '../db/pool.ts';
import type { LeadKind } from './lead-kinds.ts';

/** One lead in the API's shape; pass a transaction's client to read what it has just changed. */
export async function findById<T>(
  db: Pick<Db, 'query'>,
  kind: LeadKind<T>,
  id: number,
): Promise<T | undefined> {
  const { rows } = await db.query(`SELECT ${kind.select} FROM ${kind.table} WHERE id = $1`, [id]);
  return rows[0] && kind.toApi(rows[0]);
}

/** Several leads of one kind at once, by id (those that exist). */
export async function findByIds<T>(db: Db, kind: LeadKind<T>, ids: number[]): Promise<Map<number, T>> {
  const { rows } = await db.query(`SELECT ${kind.select} FROM ${kind.table} WHERE id = ANY($1::bigint[])`, [
    ids,
  ]);
  return new Map(rows.map((r) => [r.id as number, kind.toApi(r)]));
}
