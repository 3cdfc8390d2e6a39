import type { Db } from '../db/pool.ts';

/** Succeeds when the database answers a query. */
export async function ping(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
