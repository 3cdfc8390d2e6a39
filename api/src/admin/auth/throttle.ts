import type { Context } from 'koa';
import type { Db } from '../../db/pool.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { createLogSampler, type LogSampler } from '../../http/log-sampler.ts';
import type { Logger } from '../../http/logger.ts';
import { refund, take, type Limit } from '../../limits/rate-limit.repo.ts';

/**
 * Sign-in throttling (docs/product.md#admin-desk, docs/operations.md#sign-in-throttling). Every
 * password or code attempt takes a hit from its buckets before it is checked, in one statement,
 * so parallel guesses are counted one after another. An attempt from a device that has signed in
 * to the account before counts only against that device; any other attempt counts against the
 * account and the address. So an attacker's failures keep the attacker out, not the admin.
 */
export const LIMITS = {
  account: { capacity: 5, periodSeconds: 15 * 60 },
  address: { capacity: 20, periodSeconds: 15 * 60 },
  device: { capacity: 5, periodSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export type AttemptKind = 'login' | 'code';

/**
 * A refused attempt is answered after this pause. Refusing costs little, so a flood from a fixed
 * number of connections (as guessing tools send) would otherwise come back at once and keep the
 * event loop busy answering it; paused, each connection sends a few attempts a second, and pages
 * and leads keep their latency (docs/operations.md#sign-in-throttling).
 */
export const REFUSAL_PAUSE_MS = 500;
export const refusalPause = () => new Promise((r) => setTimeout(r, REFUSAL_PAUSE_MS));

export interface Attempt {
  kind: AttemptKind;
  /** Normalised username (credential-rules.ts). */
  username: string;
  /** A known device of this account, by id. */
  deviceId: number | undefined;
  /**
   * What the person typed, for the words of a refusal, where it is not what the kind says (setting
   * up the second factor counts as a code attempt but asks for the password).
   */
  typed?: 'password' | 'password or code';
}

/** The lockout's words: what was tried too often, and when to try again. */
function lockoutDetail(a: Attempt, minutes: number): string {
  const tried =
    a.typed === 'password or code'
      ? 'failed attempts at your password or code'
      : `failed ${a.typed ?? (a.kind === 'login' ? 'login' : 'code')} attempts`;
  return `Too many ${tried}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const samplers = new WeakMap<Logger, LogSampler>();

/**
 * One structured line per security event: never a password or a code. A throttled attempt (a
 * refusal the flood itself causes) is logged at most once a second per address, with how many
 * were left out (docs/operations.md#logs).
 */
export function securityEvent(
  log: Logger,
  ctx: Context,
  event: string,
  fields: Record<string, unknown>,
): void {
  let skipped: number | undefined = 0;
  if (event.endsWith('.throttled')) {
    let sampler = samplers.get(log);
    if (!sampler) samplers.set(log, (sampler = createLogSampler()));
    skipped = sampler.take(`${event} ${ctx.ip}`);
    if (skipped === undefined) return;
  }
  const sampled = event.endsWith('.throttled') ? { alsoThrottled: skipped } : {};
  log.warn({ event, requestId: ctx.state.requestId, ip: ctx.ip, ...fields, ...sampled }, event);
}

export function createThrottle(db: Db, log: Logger) {
  const bucketsOf = (ctx: Context, a: Attempt) =>
    a.deviceId !== undefined
      ? [{ key: `${a.kind}:device:${a.deviceId}`, limit: LIMITS.device, scope: 'device' }]
      : [
          { key: `${a.kind}:user:${a.username}`, limit: LIMITS.account, scope: 'account' },
          { key: `${a.kind}:ip:${ctx.ip}`, limit: LIMITS.address, scope: 'address' },
        ];

  return {
    /** Counts the attempt; throws 429 (and logs it) when a bucket refuses. Returns what to refund on success. */
    async count(ctx: Context, a: Attempt): Promise<string[]> {
      const buckets = bucketsOf(ctx, a);
      const taken = await take(db, buckets);
      const refused = taken.filter((t) => !t.granted);
      if (refused.length === 0) return taken.map((t) => t.key);
      // Each bucket decided alone: what one let through does not count when another refused.
      await refund(
        db,
        taken.filter((t) => t.granted).map((t) => t.key),
      );
      const wait = Math.max(...refused.map((t) => t.retryAfterSeconds));
      securityEvent(log, ctx, `${a.kind}.throttled`, {
        username: a.username,
        knownDevice: a.deviceId !== undefined,
        limit: buckets.filter((b) => refused.some((t) => t.key === b.key)).map((b) => b.scope),
        retryAfterSeconds: wait,
      });
      const minutes = Math.max(1, Math.ceil(wait / 60));
      await refusalPause();
      throw tooManyRequests(wait, lockoutDetail(a, minutes));
    },

    /** A successful attempt does not count (nor does one the server could not check). */
    refund: (keys: string[]) => refund(db, keys),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
