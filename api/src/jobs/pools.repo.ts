import os from 'node:os';
import type { Db } from '../db/pool.ts';

/**
 * Which process runs which graphile-worker pool, so that a process killed outright (SIGKILL, a
 * crash, a lost container) does not leave its jobs locked for graphile-worker's 4 hours: the next
 * process on the same host finds its pools, sees the process gone and unlocks their jobs
 * (docs/operations.md#worker-restarts).
 */

/** Pools started by this very process: never taken for dead, even where a pid repeats. */
const ownPools = new Set<string>();

export async function recordPool(db: Db, ids: string[]): Promise<void> {
  for (const id of ids) ownPools.add(id);
  if (ids.length === 0) return;
  await db.query(
    `INSERT INTO job_worker_pools (pool_id, host, pid) SELECT unnest($1::text[]), $2, $3 ON CONFLICT DO NOTHING`,
    [ids, os.hostname(), process.pid],
  );
}

export async function forgetPools(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`DELETE FROM job_worker_pools WHERE pool_id = ANY($1::text[])`, [ids]);
}

/** True unless the process is certainly gone (a process of another user still counts as alive). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Pools recorded on this host whose process is gone: its pid runs nothing, or runs this process,
 * which did not start them (a restarted container's process has the same pid, 1, as the one
 * before).
 */
export async function deadPoolsOfThisHost(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ pool_id: string; pid: number }>(
    `SELECT pool_id, pid FROM job_worker_pools WHERE host = $1`,
    [os.hostname()],
  );
  return rows
    .filter((r) => !ownPools.has(r.pool_id) && (r.pid === process.pid || !alive(r.pid)))
    .map((r) => r.pool_id);
}
