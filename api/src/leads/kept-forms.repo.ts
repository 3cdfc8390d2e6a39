import { createHash } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import type { KeptForm } from './kept-forms.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** Keeps a refused form under its token's hash in the next slot of the ring (the oldest goes). */
export async function insertKeptForm(
  db: Queryable,
  token: string,
  form: KeptForm,
  minutes: number,
): Promise<void> {
  await db.query(
    `INSERT INTO refused_form_posts (slot, token_hash, form, kept_until)
     VALUES (nextval('refused_form_slots'), $1, $2, now() + make_interval(mins => $3))
     ON CONFLICT (slot) DO UPDATE
       SET token_hash = EXCLUDED.token_hash, form = EXCLUDED.form, kept_until = EXCLUDED.kept_until`,
    [hashOf(token), JSON.stringify(form), minutes],
  );
}

/** The form kept under this token, while it is kept. */
export async function findKeptForm(db: Queryable, token: string): Promise<KeptForm | undefined> {
  const { rows } = await db.query<{ form: string }>(
    `SELECT form FROM refused_form_posts WHERE token_hash = $1 AND kept_until > now()`,
    [hashOf(token)],
  );
  return rows[0] ? (JSON.parse(rows[0].form) as KeptForm) : undefined;
}
