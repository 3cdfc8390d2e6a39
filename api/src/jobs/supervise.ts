import { EventEmitter } from 'node:events';
import { setTimeout as pause } from 'node:timers/promises';
import { makeWorkerUtils, run, type RunnerOptions, type WorkerEvents } from 'graphile-worker';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';

/**
 * One graphile-worker runner kept running (docs/operations.md#worker-restarts). graphile-worker
 * stops a runner whose pool cannot record its jobs' outcome for a long while (a database gone for
 * minutes); its `promise` then settles. The supervisor says so (log, `leaddesk_worker_restarts_total`),
 * waits (1 s, doubling up to 30 s while starts keep failing), unlocks the jobs the stopped pool
 * still held (graphile-worker's `forceUnlockWorkers`: that pool is known dead, it was ours) and
 * starts a new runner. The pools of a worker process killed outright are unlocked the same way by
 * its next start, which reads their ids from the file the worker keeps (worker.ts, pool-file.ts).
 */
export interface SupervisedRunner {
  /** Stops the current runner (graceful: running jobs finish) and starts no other. */
  stop(): Promise<void>;
  /** The current runner's pool ids (for tests and logs). */
  poolIds(): string[];
  /** Stops the current runner as if it had failed (tests). */
  fail(): Promise<void>;
}

export interface SuperviseOptions {
  db: Db;
  log: Logger;
  name: string;
  /** Everything run() needs but the pool, the events and the cron items. */
  options: Omit<RunnerOptions, 'pgPool' | 'events' | 'parsedCronItems' | 'crontab' | 'noHandleSignals'>;
  onRestart?: () => void;
  /** Recurring jobs this runner schedules (graphile-worker's cron); none by default. */
  cronItems?: RunnerOptions['parsedCronItems'];
  /** First wait before a restart, doubled up to 30 s while starts fail (default 1 s). */
  backoffMs?: number;
  /** Pools of a process that is gone, whose jobs are unlocked before the first runner starts. */
  deadPools?: string[];
  /** Told the ids of every pool started. */
  onPools?: (ids: string[]) => void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * What every runner of ours is given besides its tasks: no cron unless given (an empty list, so
 * graphile-worker reads no `crontab` file from the working directory), the process's own signal handling, and a
 * job's success or failure recorded in batches, which graphile-worker retries (20 times, backing
 * off up to 30 s) when the database is away instead of failing the whole pool at once.
 */
export const RUNNER_BASE = {
  parsedCronItems: [],
  noHandleSignals: true,
  preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
} satisfies Partial<RunnerOptions>;

export async function superviseRunner(opts: SuperviseOptions): Promise<SupervisedRunner> {
  const { db, log, name } = opts;
  let stopping = false;
  let current: Awaited<ReturnType<typeof run>> | undefined;
  let currentPools: string[] = [];
  // A pause between rounds that `stop` ends at once.
  const ending = new AbortController();
  const sleep = (ms: number) => pause(ms, undefined, { signal: ending.signal }).catch(() => undefined);

  /** Unlocks the jobs and queues of pools known dead; throws while the database is away. */
  const unlock = async (ids: string[]) => {
    if (ids.length === 0) return;
    const utils = await makeWorkerUtils({ pgPool: db });
    try {
      await utils.forceUnlockWorkers(ids);
    } finally {
      await utils.release();
    }
  };

  const start = async () => {
    const events: WorkerEvents = new EventEmitter();
    const pools: string[] = [];
    events.on('pool:create', ({ workerPool }) => {
      pools.push(workerPool.id);
    });
    const runner = await run({
      ...opts.options,
      ...RUNNER_BASE,
      ...(opts.cronItems ? { parsedCronItems: opts.cronItems } : {}),
      pgPool: db,
      events,
    });
    currentPools = pools;
    opts.onPools?.(pools);
    return runner;
  };

  const dead = opts.deadPools ?? [];
  if (dead.length > 0) {
    await unlock(dead);
    log.warn({ pools: dead, runner: name }, 'unlocked the jobs of job pools whose process is gone');
  }
  current = await start();

  const loop = (async () => {
    let backoff = opts.backoffMs ?? 1000;
    while (!stopping) {
      const outcome = await current!.promise.then(
        () => undefined,
        (err: unknown) => err,
      );
      if (stopping) break;
      const stopped = currentPools;
      current = undefined;
      opts.onRestart?.();
      log.error(
        { err: outcome, runner: name, pools: stopped },
        'job runner stopped unexpectedly; restarting it',
      );
      while (!stopping) {
        await sleep(backoff);
        if (stopping) break;
        try {
          await unlock(stopped);
          current = await start();
          log.warn({ runner: name, pools: currentPools }, 'job runner restarted');
          backoff = opts.backoffMs ?? 1000;
          break;
        } catch (err) {
          log.warn({ err, runner: name, retryInMs: backoff * 2 }, 'job runner could not restart yet');
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      ending.abort();
      const runner = current;
      if (runner) await runner.stop();
      await loop;
    },
    poolIds: () => [...currentPools],
    async fail() {
      await current?.stop('failure simulated');
    },
  };
}
