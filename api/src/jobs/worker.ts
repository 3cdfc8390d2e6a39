import { parseCronItems, type TaskList } from 'graphile-worker';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
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
import { workerLogger } from './queue.ts';
import { superviseRunner, type SupervisedRunner } from './supervise.ts';

export interface WorkerOptions {
  /** Seconds a claimed message stays one worker's (default 120: longer than any SMTP timeout). */
  leaseSeconds?: number;
  /** How often this worker looks for messages whose worker died (default 30 s). */
  sweepEveryMs?: number;
  /** How long the dispatcher waits after finding no new message (default 100 ms). */
  dispatchIdleMs?: number;
  /** How often the digests look for emails of an ended minute left to them (default 1 s). */
  digestEveryMs?: number;
  /** The clock that tells the digests a minute has ended (tests move it; default: the database's). */
  now?: () => Date;
  /** First wait before a failed job runner is started again (default 1 s, supervise.ts). */
  restartBackoffMs?: number;
  /** Pools of this worker's run before, whose jobs are unlocked at start (worker.ts, pool-file.ts). */
  deadPools?: string[];
  /** Told the ids of every graphile-worker pool the runner starts (worker.ts writes them down). */
  onPools?: (ids: string[]) => void;
}

export interface Worker {
  runner: SupervisedRunner;
  /** Takes no new job, lets running ones finish (graphile-worker's graceful shutdown), closes SMTP. */
  stop(): Promise<void>;
}

/**
 * The job worker: a graphile-worker runner with every task (`send_mail`, the webhook deliveries), on
 * the given pool, and the two relays that turn outbox rows into jobs. Runs in a process of its own
 * (worker.ts), under `npm start` as in the Docker stack; any number may run at once
 * (docs/operations.md#scale).
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
  const sweepOnce = () =>
    requeueStale(db).then(
      (n) => n > 0 && log.warn({ messages: n }, 'requeued messages whose worker stopped while sending'),
      (err: unknown) => log.warn({ err }, 'could not look for interrupted messages'),
    );
  // Messages a dead worker was sending go back to the queue, with their history, before its
  // jobs are unlocked (supervise.ts) and would take them over silently.
  await sweepOnce();
  const runner = await superviseRunner({
    db,
    log,
    name: 'jobs',
    cronItems,
    backoffMs: opts.restartBackoffMs,
    onRestart: () => deps.metrics?.workerRestarts.inc({ runner: 'jobs' }),
    deadPools: opts.deadPools,
    onPools: opts.onPools,
    options: {
      concurrency: config.workerConcurrency,
      pollInterval: config.workerPollIntervalMs,
      logger: workerLogger(log),
      taskList,
    },
  });
  const sweep = setInterval(() => void sweepOnce(), opts.sweepEveryMs ?? 30_000);
  sweep.unref();

  // Sales alerts and "assigned to you" emails past a recipient's first ALERTS_PER_MINUTE of a
  // minute go out in that minute's digest (mail/digest.ts); only when they can reach someone: held
  // emails gain nothing from it.
  const digested: DigestTemplate[] = [
    ...(config.salesNotifyTo.length > 0 ? (['sales-alert'] as const) : []),
    'lead-assigned',
  ];
  const digests = transport
    ? startDigests(
        { db, config, log, metrics: deps.metrics, transport, leaseSeconds, now: opts.now },
        digested,
        opts.digestEveryMs,
      )
    : undefined;

  // The dispatcher: new outbox rows become batch jobs within a fraction of a second. It polls
  // rather than listens, because a NOTIFY from every lead's transaction is what it spares them
  // (see the create-mail-outbox migration); while there is a backlog it does not wait at all.
  let dispatching = true;
  const dispatcher = (async () => {
    while (dispatching) {
      const templates = digests?.digested() ?? [];
      const n = await dispatch(db, 1000, templates, transport !== null, config.alertsPerMinute).catch(
        (err: unknown) => {
          log.warn({ err }, 'could not hand new emails to the job queue');
          return null;
        },
      );
      if (n === null || n < 1000) await new Promise((r) => setTimeout(r, opts.dispatchIdleMs ?? 100));
    }
  })();
  // Webhook outbox rows become delivery jobs the same way (webhooks/relay.ts).
  const relay = startWebhookRelay({ db, log });
  log.info({ concurrency: config.workerConcurrency, smtp: Boolean(transport) }, 'job worker started');
  return {
    runner,
    async stop() {
      clearInterval(sweep);
      dispatching = false;
      await Promise.all([dispatcher, relay.stop(), digests?.stop()]);
      await runner.stop();
      transport?.close();
      if (!deps.webhooks) webhooks.sender.close();
    },
  };
}
