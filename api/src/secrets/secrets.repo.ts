import { randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.ts';

/**
 * The named secret, made (32 random bytes) the first time anyone asks. Two processes asking at once
 * both get the one that was stored first: the loser's insert waits for the winner's commit and
 * does nothing, and its read, a statement of its own, sees the committed row (a read in the same
 * statement as the insert would not: its snapshot predates the winner's commit).
 */
export async function secretNamed(db: Db, name: string): Promise<Buffer> {
  const made = await db.query<{ value: Buffer }>(
    `INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value`,
    [name, randomBytes(32)],
  );
  if (made.rows[0]) return made.rows[0].value;
  const { rows } = await db.query<{ value: Buffer }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return rows[0]!.value;
}
