import type { Task } from 'graphile-worker';
import { deleteAuditEntriesOlderThan, insertAuditEntry } from '../audit/audit.repo.ts';
import type { RetentionDays } from '../../config.ts';
import type { Db, Queryable } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Logger } from '../../http/logger.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { PERSON_KINDS } from './erasure.repo.ts';
import {
  eraseExpiredLeads,
  eraseExpiredSubscribers,
  purgeEmailBodies,
  purgeWebhookPayloads,
} from './retention.repo.ts';

/** The graphile-worker task the crontab schedules (worker.ts). */
export const RETENTION_TASK = 'retention';

/** Rows one batch takes: one short transaction each, so the site never waits long behind it. */
export const RETENTION_BATCH = 500;

export type RetentionCounts = Record<'leads' | 'unconfirmed' | 'emails' | 'webhooks' | 'audit', number>;

/** Runs `step` in its own short transactions until a batch comes back short; the total done. */
async function inBatches(db: Db, batch: number, step: (client: Queryable) => Promise<number>) {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, step);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * One run of retention (docs/operations.md#retention): everything past its age goes, batch by
 * batch; the run is recorded in the audit log (what, how many) and in the metrics.
 */
export async function runRetention(
  db: Db,
  days: RetentionDays,
  opts: { batch?: number; metrics?: Metrics; log?: Logger } = {},
): Promise<RetentionCounts> {
  const batch = opts.batch ?? RETENTION_BATCH;
  const counts: RetentionCounts = { leads: 0, unconfirmed: 0, emails: 0, webhooks: 0, audit: 0 };
  const { leadDays, unconfirmedDays, emailDays, webhookDays, auditDays } = days;
  if (leadDays !== null) {
    for (const kind of PERSON_KINDS)
      counts.leads += await inBatches(db, batch, (c) => eraseExpiredLeads(c, kind, leadDays, batch));
    counts.leads += await inBatches(db, batch, (c) =>
      eraseExpiredSubscribers(c, 'inactive', leadDays, batch),
    );
  }
  if (unconfirmedDays !== null)
    counts.unconfirmed = await inBatches(db, batch, (c) =>
      eraseExpiredSubscribers(c, 'pending', unconfirmedDays, batch),
    );
  if (emailDays !== null)
    counts.emails = await inBatches(db, batch, (c) => purgeEmailBodies(c, emailDays, batch));
  if (webhookDays !== null)
    counts.webhooks = await inBatches(db, batch, (c) => purgeWebhookPayloads(c, webhookDays, batch));
  if (auditDays !== null)
    counts.audit = await inBatches(db, batch, (c) => deleteAuditEntriesOlderThan(c, auditDays, batch));

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
export function retentionTask(deps: { db: Db; days: RetentionDays; metrics?: Metrics; log: Logger }): Task {
  return async () => {
    await runRetention(deps.db, deps.days, deps);
  };
}
