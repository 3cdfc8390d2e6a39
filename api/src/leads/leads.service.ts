import type { Config } from '../config.ts';
import { isDatabaseUnavailable, type Db } from '../db/pool.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { requestHash } from '../limits/idempotency.ts';
import { OverLimitCache } from '../limits/rate-limit.ts';
import { createBatcher } from './batcher.ts';
import * as repo from './leads.repo.ts';

export interface Submission {
  operationId: string;
  clientIp: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export type Answer = { status: 200 | 201; body: { id: number; createdAt: string } };

/** Lead batches (statements) running at once, per table; more submissions wait for the next. */
export const BATCHES_IN_FLIGHT = 4;

const LIMIT_DETAIL = 'Too many submissions from your address. Please try again in a minute.';

export function createLeadService(db: Db, config: Config, log: Logger) {
  const overLimit = new OverLimitCache();
  const limit = config.leadRateLimitPerMinute;

  function guardFor(s: Submission): repo.Guard {
    if (limit > 0) overLimit.check(`lead:${s.clientIp}`);
    return {
      bucketKey: limit > 0 ? `lead:${s.clientIp}` : null,
      limit,
      scope: s.operationId,
      idempotencyKey: s.idempotencyKey ?? null,
      requestHash: requestHash(s.body),
    };
  }

  function enforceLimit(s: Submission, r: repo.GuardedResult): void {
    if (limit > 0 && r.hits !== null && r.hits > limit) {
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

  // Concurrent submissions to one table share a statement and a commit (see batcher.ts). A failed
  // batch is retried item by item unless the database is down, so one bad row fails alone.
  const batched = (insert: (db: Db, items: repo.GuardedItem[]) => Promise<repo.GuardedResult[]>) =>
    createBatcher((items: repo.GuardedItem[]) => insert(db, items), {
      maxInFlight: BATCHES_IN_FLIGHT,
      maxBatch: 200,
      isolate: (err) => !isDatabaseUnavailable(err),
    });
  const inserts = {
    contact: batched(repo.insertContacts),
    demo: batched(repo.insertDemos),
    getStarted: batched(repo.insertGetStarted),
  };

  /** A new lead is always a 201, and so is the replay of one. */
  async function store(
    s: Submission,
    insert: (item: repo.GuardedItem) => Promise<repo.GuardedResult>,
    values: string[],
  ): Promise<{ status: 201; body: Answer['body'] }> {
    const guard = guardFor(s);
    const result = await insert({ guard, values });
    enforceLimit(s, result);
    sweepNowAndThen();
    const body = result.created ?? (await replay(guard)).body;
    return { status: 201, body };
  }

  return {
    contact: (s: Submission, row: repo.ContactRow) => store(s, inserts.contact, repo.contactValues(row)),
    demo: (s: Submission, row: repo.DemoRow) => store(s, inserts.demo, repo.demoValues(row)),
    getStarted: (s: Submission, row: repo.GetStartedRow) =>
      store(s, inserts.getStarted, repo.getStartedValues(row)),
    async subscribe(s: Submission, email: string): Promise<Answer> {
      const guard = guardFor(s);
      const result = await repo.subscribe(db, guard, email);
      enforceLimit(s, result);
      if (result.created) return { status: result.status, body: result.created };
      return replay(guard);
    },
  };
}
