import { schemas } from '@lead-desk/contract/values';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { findById } from '../leads/find.repo.ts';
import { newsletterKind } from '../leads/lead-kinds.ts';
import { emitEvent } from '../webhooks/emit.ts';
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

/**
 * The newsletter's links: confirm (double opt-in) and unsubscribe (docs/product.md#leads). Each
 * emits its webhook event in its own transaction, only when it changed the subscriber: a link used
 * again, or an unsubscribe of someone inactive already, sends nothing (docs/webhooks.md#events).
 */
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
      const consentId = await idFrom(token, 'confirm');
      const result = await inTransaction(db, async (client) => {
        const r = await confirmConsent(client, consentId, ip);
        if (r.outcome === 'confirmed' && r.activated) {
          const lead = (await findById(client, newsletterKind, r.subscriberId))!;
          await emitEvent(client, 'newsletter.confirmed', { kind: 'newsletter', lead });
        }
        return r;
      });
      if (result.outcome === 'unknown') throw badRequest(BROKEN, [{ path: '/token', message: BROKEN }]);
    },
    async unsubscribe(token: string): Promise<void> {
      const subscriberId = await idFrom(token, 'unsubscribe');
      await inTransaction(db, async (client) => {
        const previous = await deactivate(client, subscriberId, {
          type: 'unsubscribed',
          actor: null,
          detail: null,
        });
        // A pending address never received the newsletter: its end is no unsubscription.
        if (previous !== 'active') return;
        const lead = (await findById(client, newsletterKind, subscriberId))!;
        await emitEvent(client, 'newsletter.unsubscribed', { kind: 'newsletter', lead, by: 'subscriber' });
      });
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
