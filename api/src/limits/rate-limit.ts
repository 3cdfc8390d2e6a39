import { tooManyRequests } from '../http/errors.ts';

/**
 * Remembers, per process, which addresses are over their limit until their window ends, so a
 * flood is answered without touching the database. Limits only get stricter this way: the shared
 * counter in PostgreSQL stays the authority for everyone under the limit.
 */
export class OverLimitCache {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly detail = 'Too many submissions from your address. Please try again in a minute.',
  ) {}

  check(key: string, now = Date.now()): void {
    const end = this.until.get(key);
    if (end === undefined) return;
    if (end <= now) {
      this.until.delete(key);
      return;
    }
    throw tooManyRequests((end - now) / 1000, this.detail);
  }

  remember(key: string, retryAfterSeconds: number, now = Date.now()): void {
    if (this.until.size >= this.maxEntries) {
      for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
      if (this.until.size >= this.maxEntries) this.until.clear();
    }
    this.until.set(key, now + retryAfterSeconds * 1000);
  }
}
