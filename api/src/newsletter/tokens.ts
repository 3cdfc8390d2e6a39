import * as signed from '../secrets/signed-tokens.ts';

/**
 * The newsletter's links carry a signed token instead of a stored one (secrets/signed-tokens.ts):
 * the purpose, the subscriber's id and an expiry, under the server key `newsletter-links`.
 * Deleting that key in the database voids every link it signed.
 */
export type TokenPurpose = 'confirm' | 'unsubscribe';

export const LINK_KEY = 'newsletter-links';
/** A confirmation link works for 7 days (docs/product.md#leads); unsubscribe links do not expire. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type { Verified } from '../secrets/signed-tokens.ts';

export const signToken = (key: Buffer, purpose: TokenPurpose, id: number, expiresAt: Date | null): string =>
  signed.signToken(key, 'newsletter', purpose, id, expiresAt);

export const verifyToken = (key: Buffer, token: string, purpose: TokenPurpose, now = new Date()) =>
  signed.verifyToken(key, 'newsletter', token, purpose, now);
