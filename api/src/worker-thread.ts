// The job worker in its thread of the API process under `npm start` (jobs/worker-thread.ts starts
// it): the same worker as the Docker stack's worker service (worker.ts), on a pool of its own, taking
// no background work while the API says it is busy (docs/operations.md#yield).
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from './config.ts';
import { createPool } from './db/pool.ts';
import { createLogger } from './http/logger.ts';
import { forwardedCounters, type ThreadData } from './jobs/worker-thread.ts';
import { startWorker } from './jobs/worker.ts';
import { handleUnhandledRejections } from './process-policy.ts';

const port = parentPort!;
const { databaseUrl, busy } = workerData as ThreadData;
// The API's configuration (the thread has the process's environment), on the database it found.
const config = { ...loadConfig(), databaseUrl };
const log = createLogger(config.logLevel, 'worker');
const counts = forwardedCounters(port);
// A rejection nothing handled is logged and counted, as in the API (process-policy.ts).
handleUnhandledRejections(log).countIn(counts);
// Its queries wait for the database's answers (docs/operations.md#worker-timeouts); a runner that
// fails is started again (jobs/supervise.ts).
const db = createPool(databaseUrl, config.workerConcurrency + 5, config.dbStatementTimeoutMs, {
  waitForAnswers: true,
});
const flag = new Int32Array(busy);
const worker = await startWorker(
  { db, config, log, metrics: counts },
  { yieldTo: { busy: () => Atomics.load(flag, 0) === 1 } },
);
port.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  void (async () => {
    await worker.stop().catch((err: unknown) => log.warn({ err }, 'the job worker did not stop cleanly'));
    await db.end().catch(() => {});
    counts.flush();
    // The thread ends once nothing is left to run; should a handle stay open, it ends anyway.
    port.close();
    setTimeout(() => process.exit(0), 1000).unref();
  })();
});
port.postMessage({ type: 'ready' });
