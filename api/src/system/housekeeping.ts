import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { sweepRateLimits } from '../limits/rate-limit.repo.ts';
import { sweepAcknowledgmentCounts } from '../mail/queue.repo.ts';
import { sweepSpam } from '../spam/spam.repo.ts';

/**
 * Deletes what no longer means anything, now and then, so tables whose keys come from clients
 * (one rate-limit bucket per address or tried username) stay as small as the traffic of the last
 * minutes (docs/operations.md#housekeeping). Every API process runs it; the deletes are idempotent.
 */
export function startHousekeeping(db: Db, log: Logger, everyMs = 60_000): { stop: () => void } {
  const timer = setInterval(() => {
    sweepRateLimits(db).then(
      (n) => n > 0 && log.debug({ deleted: n }, 'drained rate-limit buckets swept'),
      (err: unknown) => log.warn({ err }, 'rate-limit sweep failed'),
    );
    sweepAcknowledgmentCounts(db).catch((err: unknown) =>
      log.warn({ err }, 'acknowledgment count sweep failed'),
    );
    // Suspected spam is kept 30 days, redeemed challenges until they expire (docs/product.md#spam).
    sweepSpam(db).catch((err: unknown) => log.warn({ err }, 'suspected spam sweep failed'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
