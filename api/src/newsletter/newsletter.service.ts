import { schemas } from '@lead-desk/contract/values';
import type { Db } from '../db/pool.ts';
import { badRequest } from '../http/errors.ts';
import type { Secrets } from '../secrets/secrets.ts';
import { confirmConsent, deactivate } from './newsletter.repo.ts';
import { LINK_KEY, verifyToken, type TokenPurpose } from './tokens.ts';

const WORDINGS = schemas.NewsletterConsent['x-enum-labels'] as Record<string, string>;
export const CURRENT_WORDING = schemas.NewsletterConsent.default;

/** The exact text a consent id stands for (the contract's label of NewsletterConsent). */
export const wordingOf = (id: string) => WORDINGS[id]!;

const BROKEN = 'This link is not valid. Please open it again from the email, or subscribe again.';
const EXPIRED =
  'This confirmation link has expired (links work for 7 days). Please subscribe again to get a new one.';

/** The newsletter's links: confirm (double opt-in) and unsubscribe (docs/product.md#leads). */
export function createNewsletterService(db: Db, secrets: Secrets) {
  async function idFrom(token: string, purpose: TokenPurpose): Promise<number> {
    const v = verifyToken(await secrets.get(LINK_KEY), token, purpose);
    if (v.ok) return v.id;
    throw badRequest(v.reason === 'expired' ? EXPIRED : BROKEN, [
      { path: '/token', message: v.reason === 'expired' ? EXPIRED : BROKEN },
    ]);
  }

  return {
    async confirm(token: string, ip: string): Promise<void> {
      const result = await confirmConsent(db, await idFrom(token, 'confirm'), ip);
      if (result === 'unknown') throw badRequest(BROKEN, [{ path: '/token', message: BROKEN }]);
    },
    async unsubscribe(token: string): Promise<void> {
      await deactivate(db, await idFrom(token, 'unsubscribe'), {
        type: 'unsubscribed',
        actor: null,
        detail: null,
      });
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
