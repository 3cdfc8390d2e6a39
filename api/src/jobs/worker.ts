import { parseCronItems, type TaskList } from 'graphile-worker';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { startSearchIndexMerge } from '../leads/search-index.ts';
import { startDigests } from '../mail/digest.ts';
import type { DigestTemplate } from '../mail/digest.repo.ts';
import { dispatch, requeueStale } from '../mail/queue.repo.ts';
import { sendMailTask } from '../mail/send-mail.ts';
import { createTransport } from '../mail/transport.ts';
import type { WorkerMetrics } from '../metrics/metrics.ts';
import { createSecrets } from '../secrets/secrets.ts';
import { RETENTION_TASK, retentionTask } from '../admin/privacy/retention.ts';
import { deliverDeps, type DeliverDeps } from '../webhooks/deliver.ts';
import { startWebhookRelay } from '../webhooks/relay.ts';
import { webhookTasks } from '../webhooks/webhooks.tasks.ts';
import { backgroundHandOver, type Foreground } from './foreground.ts';
import { BACKGROUND_FLAG, workerLogger } from './queue.ts';
import { superviseRunner, type SupervisedRunner } from './supervise.ts';

/** The longest a busy API keeps background work waiting in an outbox (docs/operations.md#yield). */
const YIELD_MAX_WAIT_MS = 30_000;

export interface WorkerOptions {
  /** Seconds a claimed message stays one worker's (default 120: longer than any SMTP timeout). */
  leaseSeconds?: number;
  /** How often this worker looks for messages whose worker died (default 30 s). */
  sweepEveryMs?: number;
  /** How long the dispatcher waits after finding no new message (default 100 ms). */
  dispatchIdleMs?: number;
  /** The HTTP server sharing this process: while it is busy, the worker takes fewer jobs (foreground.ts). */
  yieldTo?: Foreground;
  /**
   * While that server is busy, how long background work may wait in its outbox before the relays
   * hand it over all the same (default 30 s, docs/operations.md#yield).
   */
  yieldMaxWaitMs?: number;
  /** How often the alert digests look for a burst of waiting alerts (default 1 s). */
  digestEveryMs?: number;
  /** First wait before a failed job runner is started again (default 1 s, supervise.ts). */
  restartBackoffMs?: number;
}

export interface Worker {
  /** The supervised runners: one, or two beside a server it yields to. */
  runners: SupervisedRunner[];
  /** Takes no new job, lets running ones finish (graphile-worker's graceful shutdown), closes SMTP. */
  stop(): Promise<void>;
}

/**
 * The job worker: graphile-worker runners with every task (`send_mail`, the webhook deliveries), on
 * the given pool, and the two relays that turn outbox rows into jobs. Runs in the API process under
 * `npm start` and alone in the Docker stack's `worker` service (worker.ts); any number may run at
 * once (docs/operations.md#scale).
 */
export async function startWorker(
  deps: { db: Db; config: Config; log: Logger; metrics?: WorkerMetrics; webhooks?: DeliverDeps },
  opts: WorkerOptions = {},
): Promise<Worker> {
  const { db, config, log } = deps;
  const webhooks = deps.webhooks ?? deliverDeps(db, config, log);
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  if (!transport) log.warn('SMTP_URL is not set: emails are rendered and held, not sent (see the desk)');
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const taskList: TaskList = {
    ...webhookTasks(webhooks),
    send_mail: sendMailTask({
      ...deps,
      metrics: deps.metrics,
      secrets: createSecrets(db),
      transport,
      leaseSeconds,
    }),
    [RETENTION_TASK]: retentionTask({ db, days: config.retention, metrics: deps.metrics, log }),
  };
  // Retention runs on its schedule (docs/operations.md#retention); graphile-worker's cron makes
  // one job per scheduled time however many workers run, and none for times it was down.
  const cronItems = parseCronItems([
    {
      task: RETENTION_TASK,
      match: config.retentionSchedule,
      identifier: RETENTION_TASK,
      options: { backfillPeriod: 0 },
    },
  ]);
  const supervise = (name: string, concurrency: number, forbiddenFlags?: () => string[] | null) =>
    superviseRunner({
      db,
      log,
      name,
      cronItems: name === 'spare' ? undefined : cronItems,
      backoffMs: opts.restartBackoffMs,
      onRestart: () => deps.metrics?.workerRestarts.inc({ runner: name }),
      options: {
        concurrency,
        pollInterval: config.workerPollIntervalMs,
        logger: workerLogger(log),
        taskList,
        forbiddenFlags,
      },
    });
  const sweepOnce = () =>
    requeueStale(db).then(
      (n) => n > 0 && log.warn({ messages: n }, 'requeued messages whose worker stopped while sending'),
      (err: unknown) => log.warn({ err }, 'could not look for interrupted messages'),
    );
  // Messages a dead worker was sending go back to the queue, with their history, before its
  // jobs are unlocked (supervise.ts) and would take them over silently.
  await sweepOnce();
  // Beside a server it yields to (docs/operations.md#yield), the worker is two runners: one that
  // takes any job, and one with the rest of its concurrency that takes no background work while
  // the server is busy (graphile-worker's forbiddenFlags: nothing it claimed waits). The messages
  // people wait for carry no flag and come first, so they have every runner during a rush, and
  // background work (alerts, webhook deliveries) one job at a time.
  const yieldTo = opts.yieldTo;
  const runners =
    yieldTo && config.workerConcurrency > 1
      ? [
          await supervise('steady', 1),
          await supervise('spare', config.workerConcurrency - 1, () =>
            yieldTo.busy() ? [BACKGROUND_FLAG] : null,
          ),
        ]
      : [await supervise('jobs', config.workerConcurrency)];
  const sweep = setInterval(() => void sweepOnce(), opts.sweepEveryMs ?? 30_000);
  sweep.unref();

  // Sales alerts and "assigned to you" emails during a burst go out as digests, once a second
  // (mail/digest.ts); only when they can reach someone: held emails gain nothing from it.
  const digested: DigestTemplate[] = [
    ...(config.salesNotifyTo.length > 0 ? (['sales-alert'] as const) : []),
    'lead-assigned',
  ];
  const digests =
    transport && config.alertDigestAt > 0
      ? startDigests(
          { db, config, log, metrics: deps.metrics, transport, leaseSeconds },
          digested,
          config.alertDigestAt,
          opts.digestEveryMs,
        )
      : undefined;

  // New leads' search entries wait in the indexes' pending lists until this merges them, during a
  // rush too: merging a second of them at once is cheaper than each insert updating the index
  // (docs/operations.md#search-index).
  const searchIndexMerge = startSearchIndexMerge(db, log);

  // The dispatcher: new outbox rows become batch jobs within a fraction of a second. It polls
  // rather than listens, because a NOTIFY from every lead's transaction is what it spares them
  // (see the create-mail-outbox migration); while there is a backlog it does not wait at all.
  // While the server it yields to is busy, it hands over only the messages people wait for, and
  // the rest once it has waited long enough (docs/operations.md#yield): marking rows and adding
  // jobs is PostgreSQL's work the submissions would wait for.
  const maxWaitMs = opts.yieldMaxWaitMs ?? YIELD_MAX_WAIT_MS;
  const handOver = backgroundHandOver(yieldTo, maxWaitMs);
  let dispatching = true;
  const dispatcher = (async () => {
    while (dispatching) {
      const all = handOver.now();
      const templates = all ? (digests?.digested() ?? []) : [];
      const digestAt = templates.length > 0 ? digests!.at : null;
      // Email not configured, nobody waits for a message: a busy server's turn is all there is.
      // A failed hand-over (null) has not caught up.
      const n =
        all || transport
          ? await dispatch(db, 1000, digestAt, transport !== null, templates, !all).catch((err: unknown) => {
              log.warn({ err }, 'could not hand new emails to the job queue');
              return null;
            })
          : 0;
      if (all && n !== null && n < 1000) handOver.caughtUp();
      if (n === null || n < 1000) await new Promise((r) => setTimeout(r, opts.dispatchIdleMs ?? 100));
    }
  })();
  // Webhook outbox rows become delivery jobs the same way (webhooks/relay.ts), all of them
  // background work.
  const relay = startWebhookRelay({ db, log, handOver: backgroundHandOver(yieldTo, maxWaitMs) });
  log.info({ concurrency: config.workerConcurrency, smtp: Boolean(transport) }, 'job worker started');
  return {
    runners,
    async stop() {
      clearInterval(sweep);
      dispatching = false;
      await Promise.all([dispatcher, relay.stop(), digests?.stop(), searchIndexMerge.stop()]);
      await Promise.all(runners.map((r) => r.stop()));
      transport?.close();
      if (!deps.webhooks) webhooks.sender.close();
    },
  };
}
