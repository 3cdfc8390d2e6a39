import type { Context } from 'koa';
import { forbidden } from '../../http/errors.ts';

/**
 * State-changing admin requests must come from the site itself (docs/product.md#admin-desk): the
 * browser's Sec-Fetch-Site, where it sends one, must say same-origin, and the Origin (or Referer)
 * must be this origin, scheme included, or one of ALLOWED_ORIGINS. With SameSite=Strict cookies
 * this closes CSRF twice over.
 */
export function createOriginCheck(allowedOrigins: string[]) {
  return (ctx: Context): void => {
    const source = ctx.get('Origin') || ctx.get('Referer');
    let origin: string | undefined;
    try {
      origin = new URL(source).origin;
    } catch {
      origin = undefined;
    }
    // Koa 3's ctx.origin is the Origin header itself; this server's own origin is built here.
    const own = origin !== undefined && origin === `${ctx.protocol}://${ctx.host}`;
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    const site = ctx.get('Sec-Fetch-Site');
    const siteOk =
      !site || site === 'same-origin' || (allowed && (site === 'same-site' || site === 'cross-site'));
    if ((own || allowed) && siteOk) return;
    throw forbidden('This request must come from the admin dashboard.');
  };
}
