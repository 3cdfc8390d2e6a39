import { Worker as Thread, type MessagePort } from 'node:worker_threads';
import type { Logger } from '../http/logger.ts';
import { WORKER_COUNTERS, type Metrics, type WorkerCounter, type WorkerMetrics } from '../metrics/metrics.ts';
import type { ForegroundTracker } from './foreground.ts';

/**
 * Under `npm start` the job worker runs in a thread of the API process (docs/operations.md#yield):
 * rendering emails and delivering webhooks is JavaScript, and on the API's own thread every
 * visitor's request waited behind whatever piece of it was running. In its own thread it has its
 * own event loop (and its own database pool, logger and SMTP connections), and the operating system
 * shares the cores between it, the API and PostgreSQL. The API tells it when it is busy through
 * shared memory; the worker's counts reach the API's metrics by message.
 */

/** What the worker's thread is given at its start. */
export interface ThreadData {
  databaseUrl: string;
  /** One Int32: 1 while the API is busy (foreground.ts). */
  busy: SharedArrayBuffer;
}

type Labels = Record<string, string | number>;
/** From the thread: it is up, or counts since its last message (summed by counter and labels). */
export type ThreadMessage =
  { type: 'ready' } | { type: 'counts'; counts: { metric: WorkerCounter; labels: Labels; value: number }[] };

export interface WorkerThread {
  /** Takes no new job, lets running ones finish, then ends the thread. */
  stop(): Promise<void>;
}

/** How soon a thread that ended on its own (a bug) is started again. */
const RESTART_MS = 1000;

/**
 * Starts the worker's thread and resolves once its worker is up; a thread that cannot start
 * rejects, and the API does not start without it. A thread that ends later by itself is logged
 * and started again a second later, as often as it takes.
 */
export async function startWorkerThread(d: {
  /** The thread's module (worker-thread.ts at the API's top, or its bundle dist/worker-thread.js). */
  entry: URL;
  databaseUrl: string;
  log: Logger;
  metrics: Metrics;
  foreground: ForegroundTracker;
}): Promise<WorkerThread> {
  const busy = new SharedArrayBuffer(4);
  const flag = new Int32Array(busy);
  d.foreground.onChange((isBusy) => Atomics.store(flag, 0, isBusy ? 1 : 0));
  const data: ThreadData = { databaseUrl: d.databaseUrl, busy };
  let stopping = false;
  let thread: Thread | undefined;
  /** Settles when the current thread has ended (at once when there is none). */
  let ended: Promise<void> = Promise.resolve();
  let restart: NodeJS.Timeout | undefined;

  // A thread that ended by itself, or could not start again, is tried again a second later.
  const scheduleRestart = () => {
    if (stopping) return;
    restart = setTimeout(() => {
      start().catch((err: unknown) => {
        d.log.error({ err }, `the job worker thread could not start again; trying again in ${RESTART_MS} ms`);
        scheduleRestart();
      });
    }, RESTART_MS);
  };

  const start = () =>
    new Promise<void>((resolve, reject) => {
      let up = false;
      const current = d.entry.pathname.endsWith('.ts')
        ? // Run from source (the tests, tsx), the thread's module is TypeScript, and on Node 20
          // `--import tsx` does not reach worker threads: tsx registers itself in the thread first,
          // through its own API, then loads it.
          new Thread(
            `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(d.entry.href)}); })`,
            { eval: true, workerData: data },
          )
        : new Thread(d.entry, { workerData: data });
      thread = current;
      ended = new Promise((settle) => current.once('exit', () => settle()));
      current.on('message', (m: ThreadMessage) => {
        if (m.type === 'ready') {
          up = true;
          resolve();
        } else {
          for (const c of m.counts)
            (d.metrics[c.metric] as WorkerMetrics[WorkerCounter]).inc(c.labels, c.value);
        }
      });
      current.on('error', (err) => d.log.error({ err }, 'the job worker thread failed'));
      current.on('exit', (code) => {
        if (!up) return reject(new Error(`the job worker thread exited (${code}) before it was up`));
        if (stopping) return;
        d.log.error({ code }, `the job worker thread ended; starting it again in ${RESTART_MS} ms`);
        scheduleRestart();
      });
    });

  await start();
  return {
    async stop() {
      stopping = true;
      clearTimeout(restart);
      // Between a thread's end and its restart there is none to stop.
      thread?.postMessage('stop');
      await ended;
    },
  };
}

/**
 * The thread's side of the counters: each count is kept and sent to the API's metrics with the
 * others of the last half second (and at the end), in one message.
 */
export function forwardedCounters(port: MessagePort): WorkerMetrics & { flush(): void } {
  const pending = new Map<string, { metric: WorkerCounter; labels: Labels; value: number }>();
  const flush = () => {
    if (pending.size === 0) return;
    const message: ThreadMessage = { type: 'counts', counts: [...pending.values()] };
    pending.clear();
    port.postMessage(message);
  };
  setInterval(flush, 500).unref();
  const counter = (metric: WorkerCounter) => ({
    inc(labelsOrValue?: Labels | number, value?: number) {
      const labels = typeof labelsOrValue === 'object' ? labelsOrValue : {};
      const n = typeof labelsOrValue === 'number' ? labelsOrValue : (value ?? 1);
      const key = `${metric} ${JSON.stringify(Object.entries(labels).sort())}`;
      const entry = pending.get(key);
      if (entry) entry.value += n;
      else pending.set(key, { metric, labels, value: n });
    },
  });
  const counters = Object.fromEntries(
    WORKER_COUNTERS.map((m) => [m, counter(m)]),
  ) as unknown as WorkerMetrics;
  return Object.assign(counters, { flush });
}
