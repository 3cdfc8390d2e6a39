import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { createAddressLimit } from '../limits/address-limit.ts';
import type { GuardedItem } from './leads.repo.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createChallenges, type SpamCheck } from './spam-challenge.ts';

/**
 * What the check found before anything is written: the outcome, the solved challenge to redeem
 * when it passed, and whether a lead that does not pass is held. The lead's own statement redeems
 * the challenge (leads.repo.ts), so the outcome stored may still become `replayed`.
 */
export type SpamVerdict = GuardedItem['spam'];

const metricOutcome = (c: SpamCheck) => (c === 'passed' || c === 'missing' ? c : 'failed');

/** Counts one checked submission by the outcome stored with it (nothing when the check is off). */
export function countSpamCheck(metrics: Metrics, spamCheck: SpamCheck): void {
  if (spamCheck !== '') metrics.spamChallenges.inc({ outcome: metricOutcome(spamCheck) });
}

/**
 * The proof-of-work check of the lead forms (docs/product.md#spam), run before anything of a
 * submission is written. `off`: not checked. `monitor`: checked and recorded, every lead taken.
 * `enforce`: a lead whose solution was refused is held as suspected spam, never refused; one sent
 * without a solution (a form posted without JavaScript) reaches the lists, marked not verified.
 */
export function createSpamCheck(
  db: Db,
  config: Pick<
    Config,
    'spamChallenge' | 'spamChallengeKey' | 'spamChallengeMaxNumber' | 'spamChallengeRateLimitPerMinute'
  >,
  metrics: Metrics,
) {
  if (!config.spamChallengeKey) throw new Error('No key for spam challenges (SPAM_CHALLENGE_KEY)');
  const challenges = createChallenges(config.spamChallengeKey, config.spamChallengeMaxNumber);
  // Each form a visitor opens fetches one, and one more after each lead it sends: a person stays
  // far below the limit, a script asking in a loop does not (docs/operations.md#spam-challenge).
  const perMinute = config.spamChallengeRateLimitPerMinute;
  const limit = createAddressLimit(
    db,
    'spam-challenge',
    { capacity: perMinute, periodSeconds: 60 },
    'Too many challenges from your address. Please try again in a minute.',
  );

  return {
    /** A new challenge for this client address, or 429 when it has fetched too many. */
    async issue(clientIp: string) {
      if (perMinute > 0) await limit.hit(clientIp);
      const challenge = await challenges.issue();
      metrics.spamChallenges.inc({ outcome: 'issued' });
      return challenge;
    },

    check(solution: string | undefined): SpamVerdict {
      if (config.spamChallenge === 'off')
        return { checked: '', challenge: null, expiresAt: null, enforce: false };
      const checked = challenges.check(solution);
      const solved = checked.outcome === 'passed' ? checked : undefined;
      return {
        checked: checked.outcome,
        challenge: solved?.challenge ?? null,
        expiresAt: solved?.expiresAt ?? null,
        enforce: config.spamChallenge === 'enforce',
      };
    },
  };
}

export type SpamCheckService = ReturnType<typeof createSpamCheck>;
