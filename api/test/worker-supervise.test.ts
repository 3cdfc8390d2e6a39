import { EventEmitter, once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkerUtils, type Task } from 'graphile-worker';
import { createPool, type Db } from '../src/db/pool.ts';
import { createLogger } from '../src/http/logger.ts';
import { superviseRunner, type SupervisedRunner } from '../src/jobs/supervise.ts';
import { createTestDatabase } from './harness.ts';
import { eventually } from './smtp.ts';

// The job runner's supervisor against graphile-worker on a real PostgreSQL
// (docs/operations.md#worker-restarts). The database refuses to record that a job is done (a
// trigger on graphile-worker's job table raises while the test's flag is set), which graphile-worker
// reports as its pool's fatal error and answers by stopping the runner.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** The test's own handle, a superuser's. */
let admin: Db;
/** The runner's pool, as the app role. */
let db: Db;
let supervised: SupervisedRunner | undefined;
/** Ends the task that never ends by itself. */
const release = new EventEmitter();

beforeAll(async () => {
  database = await createTestDatabase();
  admin = createPool(database.url, 2);
  db = createPool(database.appUrl, 10, 5000, { waitForAnswers: true });
  await admin.query(`
    CREATE TABLE public.refuse_completion (on_purpose boolean);
    CREATE FUNCTION public.refuse_completion() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM public.refuse_completion) THEN
          RAISE EXCEPTION 'the test refuses to record a job as done';
        END IF;
        RETURN OLD;
      END $$;
    CREATE TRIGGER refuse_completion BEFORE DELETE ON graphile_worker._private_jobs
      FOR EACH ROW EXECUTE FUNCTION public.refuse_completion();`);
});
afterEach(async () => {
  release.emit('end');
  await supervised?.stop();
  supervised = undefined;
  await admin.query(`DELETE FROM public.refuse_completion`);
  await admin.query(`DELETE FROM graphile_worker._private_jobs`);
});
afterAll(async () => {
  await db?.end();
  await admin?.end();
  await database?.drop();
});

const refuse = () => admin.query(`INSERT INTO public.refuse_completion VALUES (true)`);
const allow = () => admin.query(`DELETE FROM public.refuse_completion`);
const jobsLeft = async (task: string) =>
  Number(
    (
      await admin.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1`, [
        task,
      ])
    ).rows[0].n,
  );
async function addJob(task: string) {
  const utils = await makeWorkerUtils({ pgPool: db });
  try {
    await utils.addJob(task, {});
  } finally {
    await utils.release();
  }
}

/** Starts a supervised runner; `restarts` emits 'restart' each time it is replaced. */
async function supervise(taskList: Record<string, Task>, restarts: EventEmitter) {
  supervised = await superviseRunner({
    db,
    log: createLogger('silent'),
    name: 'test',
    backoffMs: 10,
    stopAfterFatalMs: 200,
    killWaitMs: 10_000,
    onRestart: () => restarts.emit('restart'),
    options: { concurrency: 2, pollInterval: 100, taskList },
  });
  return supervised;
}

describe('the job runner supervisor', () => {
  it('replaces a runner whose pool could not record a job as done, and the job runs again in the new one', async () => {
    const restarts = new EventEmitter();
    let runs = 0;
    const ran = new EventEmitter();
    const runner = await supervise(
      {
        quick: async () => {
          runs += 1;
          ran.emit('ran');
        },
      },
      restarts,
    );
    const firstPools = runner.poolIds();
    await refuse();
    const restarted = once(restarts, 'restart');
    await addJob('quick');
    await restarted;
    expect(runs).toBeGreaterThanOrEqual(1);
    // The database records outcomes again: the job, unlocked, runs in the new runner and is done.
    await allow();
    await eventually(async () => ((await jobsLeft('quick')) === 0 ? true : undefined));
    expect(runner.poolIds()).not.toEqual(firstPools);
  });

  it('kills a runner kept from stopping by a job that does not end, and the jobs after it run', async () => {
    const restarts = new EventEmitter();
    const started = new EventEmitter();
    const runner = await supervise(
      {
        // Ignores graphile-worker's abort signal, as a task stuck in a call without a timeout would.
        stuck: () =>
          new Promise<void>((resolve) => {
            started.emit('stuck');
            release.once('end', () => resolve());
          }),
        quick: async () => {},
      },
      restarts,
    );
    const firstPools = runner.poolIds();
    const stuckStarted = once(started, 'stuck');
    await addJob('stuck');
    await stuckStarted;
    await refuse();
    const restarted = once(restarts, 'restart');
    await addJob('quick');
    // Without the kill, graphile-worker's graceful stop would wait for the stuck job for ever.
    await restarted;
    await allow();
    await eventually(async () => ((await jobsLeft('quick')) === 0 ? true : undefined));
    expect(runner.poolIds()).not.toEqual(firstPools);
    // The stuck job is not left locked by the runner that was killed: it is back in the queue, or
    // taken again by the new runner.
    const { rows } = await admin.query<{ locked_by: string | null }>(
      `SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'stuck'`,
    );
    expect(rows).toHaveLength(1);
    expect(firstPools).not.toContain(rows[0]!.locked_by);
  });
});
