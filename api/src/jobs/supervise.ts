import { EventEmitter } from 'node:events';
import { setTimeout as pause } from 'node:timers/promises';
import { makeWorkerUtils, run, type RunnerOptions, type WorkerEvents } from 'graphile-worker';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';

/**
 * One graphile-worker runner kept running (docs/operations.md#worker-restarts). graphile-worker
 * stops a runner whose pool cannot record a job's outcome (its `pool:fatalError`: the database gone
 * or refusing the write); once its running jobs end, its `promise` settles. The supervisor says so
 * (log, `leaddesk_worker_restarts_total`), waits (1 s, doubling up to 30 s while starts keep
 * failing), unlocks the jobs the stopped pool still held (graphile-worker's `forceUnlockWorkers`:
 * that pool is known dead, it was ours) and starts a new runner. A job that does not end would keep
 * that stop waiting for ever: `stopAfterFatalMs` after the fatal error, the runner is killed
 * (graphile-worker's forceful shutdown fails its running jobs back to the queue), and however that
 * ends, `killWaitMs` later it is replaced. The pools of a worker process killed outright are
 * unlocked the same way by its next start, which reads their ids from the file the worker keeps
 * (worker.ts, pool-file.ts).
 */
export interface SupervisedRunner {
  /** Stops the current runner (graceful: running jobs finish) and starts no other. */
  stop(): Promise<void>;
  /** The current runner's pool ids (for tests and logs). */
  poolIds(): string[];
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
  /** How long a runner's running jobs may take to end after its fatal error (default 30 s). */
  stopAfterFatalMs?: number;
  /** How long its forceful shutdown may take before it is replaced all the same (default 10 s). */
  killWaitMs?: number;
}

const MAX_BACKOFF_MS = 30_000;

type Runner = Awaited<ReturnType<typeof run>>;
/** A runner and what tells its end: its promise settling, or its fatal error left unended. */
interface Running {
  runner: Runner;
  /** Resolves with the runner's fatal error when graphile-worker reports one. */
  fatal: Promise<unknown>;
}

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
  let current: Running | undefined;
  const stopAfterFatalMs = opts.stopAfterFatalMs ?? 30_000;
  const killWaitMs = opts.killWaitMs ?? 10_000;
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

  const start = async (): Promise<Running> => {
    const events: WorkerEvents = new EventEmitter();
    const pools: string[] = [];
    events.on('pool:create', ({ workerPool }) => {
      pools.push(workerPool.id);
    });
    const fatal = new Promise<unknown>((resolve) => {
      events.once('pool:fatalError', ({ error }) => resolve(error));
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
    return { runner, fatal };
  };

  /**
   * Resolves when `running` has stopped by itself (with its error, if any), or, after its fatal
   * error, once it has been given `stopAfterFatalMs` to end and `killWaitMs` to be killed.
   */
  const ended = async ({ runner, fatal }: Running): Promise<unknown> => {
    const settled = runner.promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    const abandoned = fatal.then(async (error) => {
      if ((await Promise.race([settled.then(() => true), sleep(stopAfterFatalMs)])) === true) return;
      if (stopping) return;
      log.error(
        { err: error, runner: name, waitedMs: stopAfterFatalMs },
        'job runner did not stop after its fatal error (a job that does not end); killing it',
      );
      await Promise.race([
        runner.kill('a job kept the runner from stopping').catch(() => undefined),
        sleep(killWaitMs),
      ]);
      return error;
    });
    return Promise.race([settled, abandoned]);
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
      const outcome = await ended(current!);
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
      const running = current;
      if (running) await running.runner.stop();
      await loop;
    },
    poolIds: () => [...currentPools],
  };
}
