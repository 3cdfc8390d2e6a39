import type { Task } from 'graphile-worker';
import { deleteAuditEntriesOlderThan, insertAuditEntry } from '../../audit/audit.repo.ts';
import type { RetentionDays } from '../../config.ts';
import type { Db, Queryable } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Logger } from '../../http/logger.ts';
import type { WorkerMetrics } from '../../metrics/metrics.ts';
import { PERSON_KINDS } from './erasure.repo.ts';
import {
  eraseExpiredLeads,
  eraseExpiredSubscribers,
  purgeEmailBodies,
  purgeWebhookPayloads,
} from './retention.repo.ts';

/** The graphile-worker task the crontab schedules (worker.ts). */
export const RETENTION_TASK = 'retention';

/**
 * Batches are sized by time (docs/operations.md#retention): each aims at `RETENTION_BATCH_MS` of
 * work in one transaction, short enough that the site never notices it, long enough that the fixed
 * cost of a batch (its round trips, its `person.erased` event) is small beside its rows. The first
 * takes `RETENTION_BATCH` rows; each next one is scaled by how long the last took, at most doubled.
 */
export const RETENTION_BATCH = 500;
export const RETENTION_BATCH_MS = 150;
const MIN_BATCH = 100;
const MAX_BATCH = 20_000;

export type RetentionCounts = Record<'leads' | 'unconfirmed' | 'emails' | 'webhooks' | 'audit', number>;

/** The next batch's size, from how many rows the last one took and in how many milliseconds. */
export function nextBatchSize(size: number, ms: number): number {
  const scaled = Math.round((size * RETENTION_BATCH_MS) / Math.max(ms, 1));
  return Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.min(scaled, size * 2)));
}

/**
 * Runs `step` in its own short transactions until a batch comes back short; the total done.
 * `fixed`: every batch takes that many rows (tests make batches of one or two to race them).
 */
async function inBatches(
  db: Db,
  fixed: number | undefined,
  step: (client: Queryable, size: number) => Promise<number>,
) {
  let total = 0;
  let size = fixed ?? RETENTION_BATCH;
  for (;;) {
    const t0 = performance.now();
    const n = await inTransaction(db, (client) => step(client, size));
    total += n;
    if (n < size) return total;
    if (fixed === undefined) size = nextBatchSize(size, performance.now() - t0);
  }
}

/**
 * One run of retention (docs/operations.md#retention): everything past its age goes, batch by
 * batch; the run is recorded in the audit log (what, how many) and in the metrics.
 */
export async function runRetention(
  db: Db,
  days: RetentionDays,
  opts: { batch?: number; metrics?: WorkerMetrics; log?: Logger } = {},
): Promise<RetentionCounts> {
  const fixed = opts.batch;
  const counts: RetentionCounts = { leads: 0, unconfirmed: 0, emails: 0, webhooks: 0, audit: 0 };
  const { leadDays, unconfirmedDays, emailDays, webhookDays, auditDays } = days;
  if (leadDays !== null) {
    for (const kind of PERSON_KINDS)
      counts.leads += await inBatches(db, fixed, (c, n) => eraseExpiredLeads(c, kind, leadDays, n));
    counts.leads += await inBatches(db, fixed, (c, n) => eraseExpiredSubscribers(c, 'inactive', leadDays, n));
  }
  if (unconfirmedDays !== null)
    counts.unconfirmed = await inBatches(db, fixed, (c, n) =>
      eraseExpiredSubscribers(c, 'pending', unconfirmedDays, n),
    );
  if (emailDays !== null)
    counts.emails = await inBatches(db, fixed, (c, n) => purgeEmailBodies(c, emailDays, n));
  if (webhookDays !== null)
    counts.webhooks = await inBatches(db, fixed, (c, n) => purgeWebhookPayloads(c, webhookDays, n));
  if (auditDays !== null)
    counts.audit = await inBatches(db, fixed, (c, n) => deleteAuditEntriesOlderThan(c, auditDays, n));

  await insertAuditEntry(
    db,
    { actor: { kind: 'system' } },
    { action: 'retention.ran', details: { ...counts } },
  );
  opts.metrics?.retentionRuns.inc();
  for (const [what, n] of Object.entries(counts)) opts.metrics?.retentionRows.inc({ what }, n);
  opts.log?.info({ event: 'retention.ran', ...counts }, 'retention run');
  return counts;
}

/** The task: a run with the process's settings. */
export function retentionTask(deps: {
  db: Db;
  days: RetentionDays;
  metrics?: WorkerMetrics;
  log: Logger;
}): Task {
  return async () => {
    await runRetention(deps.db, deps.days, deps);
  };
}
