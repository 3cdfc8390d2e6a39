import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the server signs instead of storing: `<payload>.<signature>`, the payload being a
 * purpose, the id it acts on and an expiry in Unix seconds (0 = none), the signature an
 * HMAC-SHA256 under a server key (secrets.ts) over the payload and a domain that keeps one
 * feature's tokens from passing as another's. Deleting the key voids every token it signed.
 */

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (key: Buffer, domain: string, payload: string) =>
  createHmac('sha256', key).update(`lead-desk/${domain}:${payload}`).digest();

export function signToken(
  key: Buffer,
  domain: string,
  purpose: string,
  id: number,
  expiresAt: Date | null,
): string {
  const exp = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0;
  const payload = b64(`${purpose}.${id}.${exp}`);
  return `${payload}.${b64(mac(key, domain, payload))}`;
}

export type Verified = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyToken(
  key: Buffer,
  domain: string,
  token: string,
  purpose: string,
  now = new Date(),
): Verified {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(key, domain, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  const [p, id, exp] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const n = Number(id);
  if (p !== purpose || !Number.isSafeInteger(n) || n < 1) return { ok: false, reason: 'invalid' };
  if (Number(exp) !== 0 && Number(exp) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, id: n };
}
