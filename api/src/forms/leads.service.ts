import type { components } from '@lead-desk/contract';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable, type Db } from '../db/pool.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { requestHash } from '../limits/idempotency.ts';
import { OverLimitCache } from '../limits/rate-limit.ts';
import { createBatcher } from '../db/batcher.ts';
import type { contactKind, demoKind, getStartedKind } from '../leads/lead-kinds.ts';
import { type LeadKind } from '../leads/lead-kinds.ts';
import { requestSubscription } from '../newsletter/newsletter.repo.ts';
import { wordingOf } from '../newsletter/newsletter.service.ts';
import * as repo from './leads.repo.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { countSpamCheck, type SpamVerdict } from './spam-check.ts';

export interface Submission {
  operationId: string;
  clientIp: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export type Answer = { status: 200 | 201; body: components['schemas']['Created'] };

/** The kinds a visitor submits through the batched insert (the newsletter has its own path). */
export type BatchedKind = typeof contactKind | typeof demoKind | typeof getStartedKind;

/** Lead batches (statements) running at once, per table; more submissions wait for the next. */
export const BATCHES_IN_FLIGHT = 4;

const LIMIT_DETAIL = 'Too many submissions from your address. Please try again in a minute.';

export function createLeadService(db: Db, config: Config, log: Logger, metrics: Metrics) {
  const overLimit = new OverLimitCache();
  const limit = config.leadRateLimitPerMinute;

  function guardFor(s: Submission): repo.Guard {
    if (limit > 0) overLimit.check(`lead:${s.clientIp}`);
    return {
      bucketKey: limit > 0 ? `lead:${s.clientIp}` : null,
      limit,
      // A key is its client's: another client sending the same key and body stores its own lead
      // instead of reading the first client's answer (docs/product.md#leads).
      scope: `${s.operationId}:${s.clientIp}`,
      idempotencyKey: s.idempotencyKey ?? null,
      requestHash: requestHash(s.body),
    };
  }

  function enforceLimit(s: Submission, r: Pick<repo.GuardedResult, 'limited' | 'retryAfterSeconds'>): void {
    if (r.limited) {
      overLimit.remember(`lead:${s.clientIp}`, r.retryAfterSeconds);
      log.info({ ip: s.clientIp, operation: s.operationId }, 'lead rate limit reached');
      throw tooManyRequests(r.retryAfterSeconds, LIMIT_DETAIL);
    }
  }

  /** Answers a retry with the first answer, or 422 when the key was used for another body. */
  async function replay(guard: repo.Guard): Promise<Answer> {
    const stored = await repo.findStoredAnswer(db, guard.scope, guard.idempotencyKey!);
    if (!stored || stored.statusCode === null) {
      // Only possible if the first request's transaction is still open; the client may retry.
      throw new HttpError(
        409,
        'Conflict',
        'A request with this Idempotency-Key is still being processed. Please retry.',
      );
    }
    if (stored.requestHash !== guard.requestHash) {
      throw new HttpError(
        422,
        'Unprocessable Content',
        'This Idempotency-Key was already used for a different request. Use a new key for a new submission.',
      );
    }
    return { status: stored.statusCode as 200 | 201, body: stored.response as Answer['body'] };
  }

  function sweepNowAndThen() {
    if (Math.random() < 0.002) {
      repo.sweepIdempotencyKeys(db).catch((err: unknown) => log.warn({ err }, 'idempotency sweep failed'));
    }
  }

  // Concurrent submissions to one table share a statement and a commit (see db/batcher.ts). A failed
  // batch is retried item by item unless the database is down, so one bad row fails alone.
  const batchers = new Map<LeadKind<unknown>, (item: repo.GuardedItem) => Promise<repo.GuardedResult>>();
  const insertFor = (kind: BatchedKind) => {
    let insert = batchers.get(kind);
    if (!insert) {
      insert = createBatcher(
        (items: repo.GuardedItem[]) =>
          repo.insertGuarded(db, kind, items, config.leadAutoAssign === 'least-open'),
        {
          maxInFlight: BATCHES_IN_FLIGHT,
          maxBatch: 200,
          isolate: (err) => !isDatabaseUnavailable(err),
        },
      );
      batchers.set(kind, insert);
    }
    return insert;
  };

  /**
   * A new lead is always a 201, and so is the replay of one; so is a lead held as suspected spam
   * (docs/product.md#spam): its sender is told nothing else.
   */
  async function create(
    kind: BatchedKind,
    s: Submission,
    values: string[],
    verdict: SpamVerdict,
  ): Promise<{ status: 201; body: Answer['body'] }> {
    const guard = guardFor(s);
    const result = await insertFor(kind)({ guard, values, spam: verdict });
    countSpamCheck(metrics, result.spamCheck);
    enforceLimit(s, result);
    if (result.held && result.created) metrics.suspectedSpam.inc({ event: 'held' });
    sweepNowAndThen();
    const body = result.created ?? (await replay(guard)).body;
    return { status: 201, body };
  }

  return {
    create,
    /** Always the same 202 (docs/product.md#leads); the work is newsletter.repo.ts requestSubscription. */
    async subscribe(s: Submission, email: string, consent: string) {
      const guard = guardFor(s);
      const result = await repo.subscribe(db, guard, (client) =>
        requestSubscription(client, {
          email,
          ip: s.clientIp,
          wordingId: consent,
          wording: wordingOf(consent),
        }),
      );
      enforceLimit(s, result);
      // A reused key: 422 when it came with another body, 409 while its first use is in flight.
      if (!result.accepted) await replay(guard);
      return { status: 202 as const, body: repo.SUBSCRIBE_ANSWER };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
