import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';

/**
 * The desk's cookies, all HttpOnly and SameSite=Strict: the session (`sid`), a device that has
 * signed in (`device`, docs/operations.md#sign-in-throttling) and a sign-in waiting for its second
 * factor (`signin`). One is SameSite=Lax: `sso`, a sign-in gone to the identity provider, which
 * must come back with the provider's redirect, a navigation from another site
 * (docs/operations.md#single-sign-on). Over HTTPS they are `__Host-` cookies: Secure, this host
 * and path only. The site sets one more the same way: `demo_booking`, the demo request a browser
 * may pick a time for (docs/demo-slots.md#picking-a-time).
 */
export type CookieKind = 'sid' | 'device' | 'signin' | 'sso' | 'demo_booking';

export const cookieName = (ctx: Context, kind: CookieKind = 'sid') => (ctx.secure ? `__Host-${kind}` : kind);

/** A new random id for a cookie, and the hash that is all the database keeps of it. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest();

export function readCookie(ctx: Context, kind: CookieKind): string | undefined {
  return ctx.cookies.get(cookieName(ctx, kind)) || undefined;
}

export function setCookie(ctx: Context, kind: CookieKind, value: string, expires: Date): void {
  ctx.cookies.set(cookieName(ctx, kind), value, {
    httpOnly: true,
    sameSite: kind === 'sso' ? 'lax' : 'strict',
    secure: ctx.secure,
    path: '/',
    expires,
    overwrite: true,
  });
}

export const clearCookie = (ctx: Context, kind: CookieKind) => setCookie(ctx, kind, '', new Date(0));
