import type { Queryable } from '../../db/pool.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';

export type CorrectableField = 'name' | 'email' | 'phone' | 'company';

/**
 * One lead's correctable fields, locked for the rest of the transaction; undefined when there is
 * no such lead. `erased` is true for an erased lead (subscribers are deleted when erased).
 */
export async function lockForCorrection(
  db: Queryable,
  kind: LeadKind<unknown>,
  id: number,
): Promise<{ values: Partial<Record<CorrectableField, string>>; erased: boolean } | undefined> {
  const person = kind.slug !== 'newsletter';
  const { rows } = await db.query(
    person
      ? `SELECT name, email, phone, company, erased_at IS NOT NULL AS erased FROM ${kind.table} WHERE id = $1 FOR UPDATE`
      : `SELECT email, false AS erased FROM ${kind.table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const r = rows[0] as (Partial<Record<CorrectableField, string>> & { erased: boolean }) | undefined;
  if (!r) return undefined;
  const { erased, ...values } = r;
  return { values, erased };
}

/** Sets these fields (names checked by the caller against CorrectableField, never client input). */
export async function applyCorrection(
  db: Queryable,
  kind: LeadKind<unknown>,
  id: number,
  changes: [CorrectableField, string][],
): Promise<void> {
  const sets = changes.map(([column], i) => `${column} = $${i + 2}`);
  const touch = kind.slug === 'contact' ? '' : ', updated_at = clock_timestamp()';
  await db.query(`UPDATE ${kind.table} SET ${sets.join(', ')}${touch} WHERE id = $1`, [
    id,
    ...changes.map(([, v]) => v),
  ]);
}
