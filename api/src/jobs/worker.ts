import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { startAlertDigests } from '../mail/digest.ts';
import { dispatch, requeueStale } from '../mail/queue.repo.ts';
import { sendMailTask } from '../mail/send-mail.ts';
import { createTransport } from '../mail/transport.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createSecrets } from '../secrets/secrets.ts';
import { deliverDeps, type DeliverDeps } from '../webhooks/deliver.ts';
import { startWebhookRelay } from '../webhooks/relay.ts';
import { webhookTasks } from '../webhooks/webhooks.tasks.ts';
import { gate, HOLD_MS, pace, type Foreground } from './foreground.ts';
import { workerLogger } from './queue.ts';

export interface WorkerOptions {
  /** Seconds a claimed message stays one worker's (default 120: longer than any SMTP timeout). */
  leaseSeconds?: number;
  /** How often this worker looks for messages whose worker died (default 30 s). */
  sweepEveryMs?: number;
  /** How long the dispatcher waits after finding no new message (default 100 ms). */
  dispatchIdleMs?: number;
  /** The HTTP server sharing this process: while it is busy, new work waits (foreground.ts). */
  yieldTo?: Foreground;
  /** How long a rush holds every new job before portions move (default HOLD_MS, 30 s). */
  holdMs?: number;
  /** How often the alert digests look for a burst of waiting alerts (default 1 s). */
  digestEveryMs?: number;
}

/**
 * What the feeders take per look once a rush has lasted longer than the hold, looks at least 200 ms
 * apart: 20 emails and 50 webhook events a second, in small portions, so no moment's burst of work
 * delays requests.
 */
const BUSY_PORTION = { messages: 4, events: 10, everyMs: 200 };

export interface Worker {
  runner: Runner;
  /** Takes no new job, lets running ones finish (graphile-worker's graceful shutdown), closes SMTP. */
  stop(): Promise<void>;
}

/**
 * The job worker: graphile-worker's runner with every task (`send_mail`, the webhook deliveries), on
 * the given pool, and the two relays that turn outbox rows into jobs. Runs in the API process under
 * `npm start` and alone in the Docker stack's `worker` service (worker.ts); any number may run at
 * once (docs/operations.md#scale).
 */
export async function startWorker(
  deps: { db: Db; config: Config; log: Logger; metrics?: Metrics; webhooks?: DeliverDeps },
  opts: WorkerOptions = {},
): Promise<Worker> {
  const { db, config, log } = deps;
  const webhooks = deps.webhooks ?? deliverDeps(db, config, log);
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  if (!transport) log.warn('SMTP_URL is not set: emails are rendered and held, not sent (see the desk)');
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const holdMs = opts.holdMs ?? HOLD_MS;
  // Jobs already queued when a rush begins wait for it too, before they start (not midway).
  const jobGate = gate(opts.yieldTo, holdMs);
  const gated = (tasks: TaskList): TaskList =>
    Object.fromEntries(
      Object.entries(tasks).map(([name, task]) => [
        name,
        async (payload, helpers) => {
          await jobGate.pass();
          return task!(payload, helpers);
        },
      ]),
    ) as TaskList;
  const runner = await run({
    pgPool: db,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    // No crontab file is read from the working directory.
    crontab: '',
    pollInterval: config.workerPollIntervalMs,
    logger: workerLogger(log),
    taskList: gated({
      ...webhookTasks(webhooks),
      send_mail: sendMailTask({
        ...deps,
        metrics: deps.metrics,
        secrets: createSecrets(db),
        transport,
        leaseSeconds,
      }),
    }),
  });
  const sweep = setInterval(() => {
    requeueStale(db).then(
      (n) => n > 0 && log.warn({ messages: n }, 'requeued messages whose worker stopped while sending'),
      (err: unknown) => log.warn({ err }, 'could not look for interrupted messages'),
    );
  }, opts.sweepEveryMs ?? 30_000);
  sweep.unref();

  // Sales alerts during a burst go out as digests, once a second (mail/digest.ts); only when they
  // can reach someone: held alerts gain nothing from it.
  const digests =
    transport && config.salesNotifyTo.length > 0 && config.alertDigestAt > 0
      ? startAlertDigests(
          { db, config, log, metrics: deps.metrics, transport, leaseSeconds },
          config.alertDigestAt,
          opts.digestEveryMs,
        )
      : undefined;

  // The dispatcher: new outbox rows become batch jobs within a fraction of a second. It polls
  // rather than listens, because a NOTIFY from every lead's transaction is what it spares them
  // (see the create-mail-outbox migration); while there is a backlog it does not wait at all.
  let dispatching = true;
  const mailPace = pace(opts.yieldTo, BUSY_PORTION.messages, BUSY_PORTION.everyMs, holdMs);
  const dispatcher = (async () => {
    while (dispatching) {
      const limit = mailPace.allowance(1000);
      const n =
        limit === 0
          ? 0
          : await dispatch(db, limit, digests?.digestAt() ?? null).catch((err: unknown) => {
              log.warn({ err }, 'could not hand new emails to the job queue');
              return 0;
            });
      if (n < limit || limit < 1000) await new Promise((r) => setTimeout(r, opts.dispatchIdleMs ?? 100));
    }
  })();
  // Webhook outbox rows become delivery jobs the same way (webhooks/relay.ts).
  const relay = startWebhookRelay({
    db,
    log,
    pace: pace(opts.yieldTo, BUSY_PORTION.events, BUSY_PORTION.everyMs, holdMs),
  });
  log.info({ concurrency: config.workerConcurrency, smtp: Boolean(transport) }, 'job worker started');
  return {
    runner,
    async stop() {
      clearInterval(sweep);
      dispatching = false;
      // Jobs waiting at the gate start now, so that the runner can finish them.
      jobGate.release();
      await Promise.all([dispatcher, relay.stop(), digests?.stop()]);
      await runner.stop();
      transport?.close();
      if (!deps.webhooks) webhooks.sender.close();
    },
  };
}
