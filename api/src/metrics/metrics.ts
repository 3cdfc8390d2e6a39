import http from 'node:http';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { metricsListenAddress } from './listen-address.ts';
import { deliveryCounts, jobQueueDepth, leadCounts } from './metrics.repo.ts';

/**
 * The Prometheus series of one process (docs/operations.md#metrics). Counters count what this
 * process did (requests it answered, emails its worker sent); the gauges read the database when
 * scraped, so every process reports the same value for them (take max(), not sum()).
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'leaddesk_' });
  const requests = new Histogram({
    name: 'leaddesk_http_request_duration_seconds',
    help: 'API request latency by contract operation, method and status',
    labelNames: ['operation', 'method', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const emails = new Counter({
    name: 'leaddesk_emails_total',
    help: 'Emails by outcome of a try (sent, failed, held, retried) and template',
    labelNames: ['outcome', 'template'],
    registers: [registry],
  });
  const workerRestarts = new Counter({
    name: 'leaddesk_worker_restarts_total',
    help: 'Job runners of this process that stopped unexpectedly (a database away for long) and were started again',
    labelNames: ['runner'],
    registers: [registry],
  });
  const retentionRows = new Counter({
    name: 'leaddesk_retention_rows_total',
    help: 'Rows the retention job erased, deleted or emptied (docs/operations.md#retention), by what they were.',
    labelNames: ['what'] as const,
    registers: [registry],
  });
  const retentionRuns = new Counter({
    name: 'leaddesk_retention_runs_total',
    help: 'Runs of the retention job in this process.',
    registers: [registry],
  });
  const unhandledRejections = new Counter({
    name: 'leaddesk_unhandled_rejections_total',
    help: 'Promise rejections nothing handled, by kind (database: the database was unreachable; other: a bug to look at)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const spamChallenges = new Counter({
    name: 'leaddesk_spam_challenges_total',
    help: 'Proof-of-work challenges issued, and lead submissions by the outcome of their check: passed, failed (wrong, expired or replayed), missing (docs/product.md#spam)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const suspectedSpam = new Counter({
    name: 'leaddesk_suspected_spam_total',
    help: 'Leads held as suspected spam (held) and released from it by the desk (released)',
    labelNames: ['event'],
    registers: [registry],
  });
  new Gauge({
    name: 'leaddesk_leads',
    help: 'Leads stored, by kind (newsletter: active subscribers)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      for (const [kind, n] of Object.entries(await leadCounts(db))) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: 'leaddesk_job_queue_depth',
    help: 'Jobs in the graphile-worker queue: ready to run, scheduled for later (retries), running',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      for (const [state, n] of Object.entries(await jobQueueDepth(db))) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'leaddesk_emails_unsent',
    help: 'Emails not (yet) sent, by status: queued, sending, failed, held',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      for (const [status, n] of Object.entries(await deliveryCounts(db))) this.set({ status }, n);
    },
  });
  return {
    registry,
    requests,
    emails,
    workerRestarts,
    unhandledRejections,
    retentionRows,
    retentionRuns,
    spamChallenges,
    suspectedSpam,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** What the job worker counts with. */
export type WorkerMetrics = Pick<
  Metrics,
  'emails' | 'workerRestarts' | 'retentionRows' | 'retentionRuns' | 'unhandledRejections'
>;

/** Times every request, labelled by the contract operation it matched (bounded cardinality). */
export function requestTimer(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const end = metrics.requests.startTimer();
    try {
      await next();
    } finally {
      const operation = (ctx as { _matchedRouteName?: string })._matchedRouteName ?? 'none';
      end({ operation, method: ctx.method, status: String(ctx.status) });
    }
  };
}

/**
 * The metrics on their own port, never on the public one: nginx publishes only the site and
 * /api, and METRICS_HOST keeps it on loopback unless an operator opens it to a scraper's network
 * (`via:<host>`: the network that host is on, see listen-address.ts).
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number, log: Logger) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (err: unknown) => {
        log.warn({ err }, 'metrics could not be collected');
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Metrics are unavailable right now\n');
      },
    );
  });
  const address = await metricsListenAddress(host);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
  log.info({ host: address, port }, `metrics on http://${address}:${port}/metrics`);
  return server;
}
