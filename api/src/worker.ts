// The job worker, in a process of its own: the Docker stack's `worker` service (same image as the
// API, its own command), which can be scaled (docs/operations.md#scale), and under `npm start` a
// process beside the API's, started by the same supervisor (scripts/start.mjs).
import { writeFileSync } from 'node:fs';
import { readPoolFile, writePoolFile } from './jobs/pool-file.ts';
import { loadConfig, type Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { createLogger } from './http/logger.ts';
import { startWorker } from './jobs/worker.ts';
import { createMetrics, startMetricsServer } from './metrics/metrics.ts';
import { handleUnhandledRejections } from './process-policy.ts';

let config: Config;
try {
  config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('Invalid configuration:\n  DATABASE_URL is required for the worker');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const log = createLogger(config.logLevel, 'worker');
// Under `npm start` a channel to the supervisor: when it ends, even killed outright, this ends too.
const tellSupervisor = (message: object) => {
  if (process.connected) process.send!(message);
};
if (process.connected)
  process.once('disconnect', () => {
    if (started) return void shutdown('the supervisor ended');
    process.exit(1);
  });
// A bug's rejection stops this process non-zero, so that its container is started again; the
// database being away does not: the job runner restarts itself (process-policy.ts).
let started = false;
const rejections = handleUnhandledRejections(log, () =>
  started ? void shutdown('unhandled rejection', 1) : process.exit(1),
);

// The API migrates too; whoever comes second waits on the migration lock, then finds nothing to do.
// In the Docker stack it has the app role's URL only: the API migrated before it started.
await migrate(config.migrationDatabaseUrl ?? config.databaseUrl!, {
  dir: config.migrationsDir,
  appUrl: config.databaseUrl,
  log: (msg) => log.debug({ msg }, 'migration'),
});
// Waits for the database's answers (db/pool.ts, docs/operations.md#worker-timeouts).
const db = createPool(config.databaseUrl!, config.dbPoolSize, config.dbStatementTimeoutMs, {
  waitForAnswers: true,
});
const metrics = createMetrics(db);
rejections.countIn(metrics);
// The pools this worker's file names are those of its run before, gone (killed outright, or ended):
// their jobs are unlocked at once (graphile-worker's forceUnlockWorkers), then the file names this
// run's (docs/operations.md#locked-jobs). The file is this worker's alone.
const stateFile = config.workerStateFile;
const deadPools = readPoolFile(stateFile, log);
const ours: string[] = [];
const worker = await startWorker(
  { db, config, log, metrics },
  {
    deadPools,
    onPools: (ids) => {
      ours.push(...ids);
      writePoolFile(stateFile, ours, log);
    },
  },
);
const metricsServer =
  config.metricsPort !== null
    ? // Metrics are for operators: a port already taken is logged, not a reason to stop serving.
      await startMetricsServer(metrics, config.metricsHost, config.metricsPort, log).catch((err: unknown) => {
        log.error({ err, port: config.metricsPort }, 'metrics are off: their port could not be opened');
        return undefined;
      })
    : undefined;

// The container's healthcheck reads this file's age: the event loop is alive and the runner up.
const HEARTBEAT = '/tmp/worker-heartbeat';
const beat = () => writeFileSync(HEARTBEAT, String(Date.now()));
beat();
const heartbeat = setInterval(beat, 5000);
started = true;
tellSupervisor({ type: 'ready' });

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  clearInterval(heartbeat);
  log.info({ signal }, 'shutting down: no new jobs, finishing the running ones');
  await worker.stop().catch((err: unknown) => log.warn({ err }, 'the job worker did not stop cleanly'));
  metricsServer?.close();
  await db.end().catch(() => {});
  log.info('stopped');
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
