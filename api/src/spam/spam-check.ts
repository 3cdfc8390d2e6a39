import type { Config } from '../config.ts';
import { isDatabaseUnavailable, type Db } from '../db/pool.ts';
import { createBatcher } from '../leads/batcher.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createChallenges, type SpamCheck } from './challenge.ts';
import { redeem } from './spam.repo.ts';

/** What the check decided for one submission: the outcome stored with it, and whether it is held. */
export interface SpamVerdict {
  spamCheck: SpamCheck;
  held: boolean;
}

const metricOutcome = (c: SpamCheck) => (c === 'passed' || c === 'missing' ? c : 'failed');

/**
 * The proof-of-work check of the lead forms (docs/product.md#spam), run before anything of a
 * submission is written. `off`: not checked. `monitor`: checked and recorded, every lead taken.
 * `enforce`: a lead whose check did not pass is held as suspected spam, never refused. A passing
 * solution is redeemed at once, so it cannot pass twice; redemptions of concurrent submissions
 * share a statement (leads/batcher.ts), as the leads themselves do.
 */
export function createSpamCheck(
  db: Db,
  config: Pick<Config, 'spamChallenge' | 'spamChallengeKey' | 'spamChallengeMaxNumber'>,
  metrics: Metrics,
) {
  if (!config.spamChallengeKey) throw new Error('No key for spam challenges (SPAM_CHALLENGE_KEY)');
  const challenges = createChallenges(config.spamChallengeKey, config.spamChallengeMaxNumber);
  const redeemOne = createBatcher((items: { challenge: string; expiresAt: Date }[]) => redeem(db, items), {
    maxInFlight: 4,
    maxBatch: 200,
    isolate: (err) => !isDatabaseUnavailable(err),
  });

  return {
    async issue() {
      const challenge = await challenges.issue();
      metrics.spamChallenges.inc({ outcome: 'issued' });
      return challenge;
    },

    async check(solution: string | undefined): Promise<SpamVerdict> {
      if (config.spamChallenge === 'off') return { spamCheck: '', held: false };
      const checked = await challenges.check(solution);
      let spamCheck: SpamCheck = checked.outcome;
      if (checked.outcome === 'passed' && !(await redeemOne(checked))) spamCheck = 'replayed';
      metrics.spamChallenges.inc({ outcome: metricOutcome(spamCheck) });
      return { spamCheck, held: config.spamChallenge === 'enforce' && spamCheck !== 'passed' };
    },
  };
}

export type SpamCheckService = ReturnType<typeof createSpamCheck>;
