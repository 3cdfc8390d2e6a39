import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams } from 'altcha-lib';
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

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));

/**
 * Whether a solution found its challenge's number and carries the server's signature of that
 * challenge: the check of altcha-lib's verifySolution (the challenge is the SHA-256 of the salt
 * and the number, the signature the HMAC-SHA-256 of the challenge with the key, both in hex), done
 * with node:crypto's synchronous hash and HMAC. altcha-lib does it through WebCrypto, which imports
 * the key again and goes through the thread pool on every call: in a rush of leads that was a
 * tenth of the API's event loop (bench:api with SPAM_CHALLENGE=enforce), for two hashes that take
 * microseconds. The spam tests check it against solutions of altcha-lib's own challenges.
 */
function solvedAndSigned(p: Payload, hmacKey: string): boolean {
  const challenge = createHash('sha256')
    .update(p.salt + p.number)
    .digest('hex');
  const signature = createHmac('sha256', hmacKey).update(challenge).digest('hex');
  return sameHex(challenge, p.challenge) && sameHex(signature, p.signature);
}

/**
 * ALTCHA challenges signed with the server's key (kept outside the database,
 * docs/operations.md#spam-challenge), issued by altcha-lib and checked as it checks them. Whether
 * a solution was used before is the database's to say: the lead's statement redeems it (leads.repo.ts).
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
    check(solution: string | undefined): Checked {
      if (!solution) return { outcome: 'missing' };
      const payload = decode(solution);
      if (!payload || payload.algorithm !== 'SHA-256') return { outcome: 'invalid' };
      // Wrong (another challenge's number, a forged signature), or right but too late. Every
      // challenge this server signs names when it expires.
      const expires = Number(extractParams(payload).expires);
      if (!solvedAndSigned(payload, hmacKey) || !Number.isSafeInteger(expires)) return { outcome: 'invalid' };
      if (expires * 1000 < Date.now()) return { outcome: 'expired' };
      return { outcome: 'passed', challenge: payload.challenge, expiresAt: new Date(expires * 1000) };
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
