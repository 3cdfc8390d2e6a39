import type pg from 'pg';
import { writeDeadline, type Db } from './pool.ts';

/**
 * Runs `fn` in one transaction on one connection: committed when it returns, rolled back when it
 * throws. The commit carries its deadline (pool.ts `writeDeadline`): a commit still waiting in a
 * stalled server's socket when the client gives up is refused when it arrives, and the
 * transaction rolls back (docs/operations.md#timeouts).
 */
export async function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    // One message, so the check and the commit arrive (and run) together.
    await client.query(`SELECT write_deadline('${writeDeadline(db)}'); COMMIT`);
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
