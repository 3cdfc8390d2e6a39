import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAppRole } from '../src/db/roles.ts';
import { createTestDatabase } from './harness.ts';

// Migrating a database again while workers use its job queue, as `admin` does beside a running
// stack (docs/operations.md#database-roles): what is granted already is not changed again, so the
// grants take no lock that waits for the workers (and cannot deadlock with them).

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function connect(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

describe('the app role’s grants, given again beside busy workers', () => {
  it('do not wait for a worker holding the job table', async () => {
    // What a worker's job fetch or completion holds on graphile-worker's table while it runs.
    const worker = await connect(database.appUrl);
    const owner = await connect(database.ownerUrl);
    try {
      await worker.query('BEGIN');
      await worker.query('LOCK TABLE graphile_worker._private_jobs IN ROW EXCLUSIVE MODE');
      // A lock the grants waited for would fail this, instead of waiting for the worker.
      await owner.query(`SET lock_timeout = '2s'`);
      await expect(
        grantAppRole(owner, new URL(database.appUrl).username).then(() => 'granted'),
      ).resolves.toBe('granted');
      await worker.query('COMMIT');
      // And the app role still uses the queue.
      const { rows } = await worker.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM graphile_worker._private_jobs',
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await worker.end();
      await owner.end();
    }
  });
});
