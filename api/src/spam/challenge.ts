import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Payload } from 'altcha-lib/types';
import type { components } from '@lead-desk/contract';

export type SpamCheck = components['schemas']['SpamCheck'];

/** How long a challenge can be solved and redeemed (docs/product.md#spam). */
export const CHALLENGE_MINUTES = 10;

/** A solution that passed its signature and hash: the challenge it redeems and when that expires. */
export interface Solved {
  outcome: 'passed';
  challenge: string;
  expiresAt: Date;
}
export type Checked = Solved | { outcome: Exclude<SpamCheck, '' | 'passed' | 'replayed'> };

function decode(text: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown;
    if (payload === null || typeof payload !== 'object') return undefined;
    const p = payload as Record<string, unknown>;
    const strings = ['algorithm', 'challenge', 'salt', 'signature'].every((k) => typeof p[k] === 'string');
    return strings && Number.isSafeInteger(p.number) ? (payload as Payload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ALTCHA challenges signed with the server's key (kept outside the database,
 * docs/operations.md#spam-challenge), through altcha-lib's own create and verify. Whether a
 * solution was used before is the database's to say: the lead's statement redeems it (leads.repo.ts).
 */
/**
 * `maxNumber`: the largest number a challenge hides; the solver tries numbers from 0 up, so it
 * bounds the work (SHA-256 hashes) of one solution (SPAM_CHALLENGE_MAX_NUMBER). Verifying costs the
 * server one hash and one HMAC whatever it is.
 */
export function createChallenges(key: Buffer, maxNumber: number) {
  const hmacKey = key.toString('base64');
  return {
    issue: () =>
      createChallenge({
        algorithm: 'SHA-256',
        hmacKey,
        maxnumber: maxNumber,
        expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      }),

    /** The outcome of a solution as sent; `missing` when none was. */
    async check(solution: string | undefined): Promise<Checked> {
      if (!solution) return { outcome: 'missing' };
      const payload = decode(solution);
      if (!payload || payload.algorithm !== 'SHA-256') return { outcome: 'invalid' };
      if (await verifySolution(payload, hmacKey, true)) {
        const expires = Number(extractParams(payload).expires);
        return { outcome: 'passed', challenge: payload.challenge, expiresAt: new Date(expires * 1000) };
      }
      // Right but too late, or wrong (another challenge's number, a forged signature).
      return { outcome: (await verifySolution(payload, hmacKey, false)) ? 'expired' : 'invalid' };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
