import { Logger as WorkerLogger, run, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../http/logger.ts';
import { RUNNER_BASE } from './supervise.ts';

/**
 * The durable job queue: graphile-worker (0.17; 0.18 needs Node 22.18) in the database's
 * `graphile_worker` schema. A change writes its outbox rows (emails, webhook events) in its own
 * transaction, so the change and its follow-up commit or vanish together, and relays turn those
 * rows into jobs within a fraction of a second (mail/queue.repo.ts, webhooks/relay.ts): a job added
 * in the change's transaction would NOTIFY, and PostgreSQL commits notifying transactions one at a
 * time (docs/operations.md#email). Its schema is installed by db/migrate.ts. This
 * module runs task lists on a pool of their own (tests use it for one feature's tasks); the worker
 * with every task is jobs/worker.ts.
 */

/**
 * graphile-worker is given a pool of ours rather than a connection string: the pool it makes for
 * itself is not waited for when it stops, so its connections could outlive stop() (and keep a
 * database that is about to be dropped or copied busy).
 */
function ownPool(databaseUrl: string, max: number, log: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // A connection the server closes, idle or in use, must not bring the process down.
  const lost = (err: Error) => log.warn({ err }, 'job queue connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

export function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = { scope, ...(meta ?? {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.info(fields, message);
    else log.debug(fields, message);
  });
}

export interface JobRunnerOptions {
  databaseUrl: string;
  taskList: TaskList;
  concurrency: number;
  pollIntervalMs: number;
  log: Logger;
}

export interface JobRunner {
  /** Lets running jobs finish (a webhook attempt takes at most 10 s), then releases connections. */
  stop(): Promise<void>;
}

/**
 * Runs jobs in this process. New jobs are picked up at once (LISTEN/NOTIFY); jobs due later (a
 * retry) within `pollIntervalMs` of their time. The runner has its own pool, concurrency + 2
 * connections, so a busy queue never takes connections the API needs.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const pool = ownPool(opts.databaseUrl, opts.concurrency + 2, opts.log);
  const runner: Runner = await run({
    pgPool: pool,
    concurrency: opts.concurrency,
    pollInterval: opts.pollIntervalMs,
    taskList: opts.taskList,
    ...RUNNER_BASE,
    logger: workerLogger(opts.log),
  });
  return {
    async stop() {
      try {
        await runner.stop();
      } finally {
        await pool.end();
      }
    },
  };
}
