import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { requestHash } from '../limits/idempotency.ts';
import { OverLimitCache } from '../limits/rate-limit.ts';
import * as repo from './leads.repo.ts';

export interface Submission {
  operationId: string;
  clientIp: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export type Answer = { status: 200 | 201; body: { id: number; createdAt: string } };

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

  /** A new lead is always a 201, and so is the replay of one. */
  async function store(
    s: Submission,
    insert: (guard: repo.Guard) => Promise<repo.GuardedResult>,
  ): Promise<{ status: 201; body: Answer['body'] }> {
    const guard = guardFor(s);
    const result = await insert(guard);
    enforceLimit(s, result);
    sweepNowAndThen();
    const body = result.created ?? (await replay(guard)).body;
    return { status: 201, body };
  }

  return {
    contact: (s: Submission, row: repo.ContactRow) => store(s, (g) => repo.insertContact(db, g, row)),
    demo: (s: Submission, row: repo.DemoRow) => store(s, (g) => repo.insertDemo(db, g, row)),
    getStarted: (s: Submission, row: repo.GetStartedRow) =>
      store(s, (g) => repo.insertGetStarted(db, g, row)),
    async subscribe(s: Submission, email: string): Promise<Answer> {
      const guard = guardFor(s);
      const result = await repo.subscribe(db, guard, email);
      enforceLimit(s, result);
      if (result.created) return { status: result.status, body: result.created };
      return replay(guard);
    },
  };
}
