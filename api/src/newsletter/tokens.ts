import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's links carry a signed token instead of a stored one: `<payload>.<signature>`,
 * the payload being the purpose, the id it acts on and an expiry (0 = none), the signature an
 * HMAC-SHA256 under the server key `newsletter-links` (api/src/secrets). Deleting that key in the
 * database voids every link it signed.
 */
export type TokenPurpose = 'confirm' | 'unsubscribe';

export const LINK_KEY = 'newsletter-links';
/** A confirmation link works for 7 days (docs/product.md#leads); unsubscribe links do not expire. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`lead-desk/newsletter:${payload}`).digest();

export function signToken(key: Buffer, purpose: TokenPurpose, id: number, expiresAt: Date | null): string {
  const exp = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0;
  const payload = b64(`${purpose}.${id}.${exp}`);
  return `${payload}.${b64(mac(key, payload))}`;
}

export type Verified = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyToken(key: Buffer, token: string, purpose: TokenPurpose, now = new Date()): Verified {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  const [p, id, exp] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const n = Number(id);
  if (p !== purpose || !Number.isSafeInteger(n) || n < 1) return { ok: false, reason: 'invalid' };
  if (Number(exp) !== 0 && Number(exp) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, id: n };
}
