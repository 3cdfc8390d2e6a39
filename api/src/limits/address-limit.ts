import type { Db } from '../db/pool.ts';
import { tooManyRequests } from '../http/errors.ts';
import { OverLimitCache } from './rate-limit.ts';
import { take, type Limit } from './rate-limit.repo.ts';

/**
 * A limit per client address on one kind of request, in the buckets every API process shares
 * (rate-limit.repo.ts); an address over it is refused from memory until its window ends, so a
 * flood costs no query a request. `hit(ip)` counts one request, or throws 429 with Retry-After.
 */
export function createAddressLimit(db: Db, name: string, limit: Limit, detail: string) {
  const overLimit = new OverLimitCache(10_000, detail);
  return {
    async hit(ip: string): Promise<void> {
      const key = `${name}:${ip}`;
      overLimit.check(key);
      const [taken] = await take(db, [{ key, limit }]);
      if (taken && !taken.granted) {
        overLimit.remember(key, taken.retryAfterSeconds);
        throw tooManyRequests(taken.retryAfterSeconds, detail);
      }
    },
  };
}
