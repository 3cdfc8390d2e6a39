import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import {
  deleteOrphans,
  loadDeliveries,
  recordAttempts,
  type AttemptRecord,
  type DueDelivery,
} from './attempts.repo.ts';
import { leadsFromSnapshots } from './events.repo.ts';
import { KINDS, payloadOf, type LeadKindName } from './payloads.ts';
import { createSender, type Sender, type SendResult } from './sender.ts';
import { signatureHeaders } from './signing.ts';

/** Failing this long without a single success disables an endpoint (docs/product.md#webhooks). */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

export interface DeliverDeps {
  db: Db;
  sender: Sender;
  /** Waits before retry 1, 2, ... (WEBHOOK_RETRY_SCHEDULE); the delivery fails after the last. */
  retryScheduleMs: number[];
  log: Logger;
}

/** What deliveries need, from the configuration: one sender (its connections) per process. */
export function deliverDeps(
  db: Db,
  config: Pick<Config, 'webhookAllowPrivate' | 'webhookRetryScheduleMs'>,
  log: Logger,
): DeliverDeps {
  return {
    db,
    sender: createSender({ allowPrivate: config.webhookAllowPrivate, userAgent: 'LeadDesk-Webhooks/1.0' }),
    retryScheduleMs: config.webhookRetryScheduleMs,
    log,
  };
}

/**
 * Each delivery's body as the contract describes it, by delivery id: lead.created's kept rows go
 * through their kind's toApi (one query per kind), every other event's data is sent as kept.
 */
async function bodiesOf(db: Db, due: DueDelivery[]): Promise<Map<number, string>> {
  const data = new Map<number, unknown>(due.map((d) => [d.id, d.event.data]));
  const byKind = new Map<LeadKindName, DueDelivery[]>();
  for (const d of due) {
    if (d.event.leadRow === null || d.event.leadKind === null) continue;
    byKind.set(d.event.leadKind, [...(byKind.get(d.event.leadKind) ?? []), d]);
  }
  for (const [kind, ds] of byKind) {
    const leads = await leadsFromSnapshots(
      db,
      KINDS[kind],
      ds.map((d) => d.event.leadRow),
    );
    ds.forEach((d, i) => data.set(d.id, { kind, lead: leads[i] }));
  }
  return new Map(due.map((d) => [d.id, JSON.stringify(payloadOf({ ...d.event, data: data.get(d.id) }))]));
}

/** The JSON body a delivery sends (the same on every attempt), for the desk to show. */
export async function deliveryPayload(
  db: Db,
  deliveryId: number,
): Promise<Record<string, unknown> | undefined> {
  const due = await loadDeliveries(db, [deliveryId]);
  const body = due.length ? (await bodiesOf(db, due)).get(deliveryId) : undefined;
  return body === undefined ? undefined : (JSON.parse(body) as Record<string, unknown>);
}

const NOT_SENT: SendResult = {
  statusCode: null,
  durationMs: 0,
  excerpt: '',
  error: 'Not sent: the endpoint is disabled. Enable it, then redeliver.',
};

/** The attempt's outcome, and what happens next (docs/product.md#webhooks). */
function outcome(
  deps: DeliverDeps,
  d: DueDelivery,
  startedAt: Date,
  result: SendResult,
  now: number,
): AttemptRecord {
  const attempt = d.attempts + 1;
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const sent = result !== NOT_SENT;
  const isTest = d.event.type === 'webhook.test';
  const retryInMs = !ok && sent && !isTest ? deps.retryScheduleMs[attempt - 1] : undefined;
  return {
    deliveryId: d.id,
    attempt,
    startedAt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    excerpt: result.excerpt,
    error: result.error,
    status: ok ? 'succeeded' : retryInMs !== undefined ? 'pending' : 'failed',
    nextAttemptAt: retryInMs === undefined ? null : new Date(now + retryInMs),
    countsForHealth: sent && !isTest,
  };
}

/**
 * Makes the attempts these deliveries are waiting for, all at once: signs and POSTs each event,
 * then records every outcome in one statement, queuing the next attempt of those that failed
 * while the schedule allows (the same webhook-id, a new webhook-timestamp). A delivery that is
 * not pending (a job run twice) is left alone, one whose endpoint is gone is deleted, one whose
 * endpoint is disabled fails without being sent; a test event gets one attempt. Throws only when the database
 * does (the job is then retried by the queue, and receivers may see an event twice: its
 * webhook-id tells them). Returns each recorded attempt.
 */
export async function attemptDeliveries(deps: DeliverDeps, ids: number[]): Promise<AttemptRecord[]> {
  const loaded = await loadDeliveries(deps.db, ids);
  const orphans = loaded.filter((d) => !d.endpoint).map((d) => d.id);
  if (orphans.length) await deleteOrphans(deps.db, orphans);
  const due = loaded.filter((d) => d.status === 'pending' && d.endpoint);
  if (due.length === 0) return [];
  const bodies = await bodiesOf(deps.db, due);
  const results = await Promise.all(
    due.map(async (d) => {
      const endpoint = d.endpoint!;
      const startedAt = new Date();
      if (!endpoint.enabled && d.event.type !== 'webhook.test') return { d, startedAt, result: NOT_SENT };
      const body = bodies.get(d.id)!;
      const headers = signatureHeaders(d.event.webhookId, body, endpoint.secrets, startedAt);
      return { d, startedAt, result: await deps.sender.post(endpoint.url, body, headers) };
    }),
  );
  // One time for the batch: the retries of one attempt number share a job.
  const now = Date.now();
  const records = results.map((r) => outcome(deps, r.d, r.startedAt, r.result, now));
  const { recorded, disabled } = await recordAttempts(deps.db, records, DISABLE_AFTER_MS);
  for (const endpointId of disabled) {
    deps.log.warn({ endpointId }, 'webhook endpoint disabled after failing for 5 days without a success');
  }
  deps.log.debug({ deliveries: ids.length, attempted: records.length, recorded }, 'webhook attempts');
  return records;
}
