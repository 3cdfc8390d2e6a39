import type { Middleware } from 'koa';
import { httpsOnlyHeaders, inlineScriptHashes, securityHeaders } from '../../../deploy/security-headers.mjs';

/**
 * The security headers nginx sends in the Docker stack, from the same definition
 * (deploy/security-headers.json), for when this server is the one browsers reach (`npm start`):
 * the CSP names the served build's inline scripts by hash, computed once at start.
 */
export function securityHeadersFor(siteDir: string): Middleware {
  const always = securityHeaders(inlineScriptHashes(siteDir));
  const https = httpsOnlyHeaders();
  return async (ctx, next) => {
    ctx.set(always);
    if (ctx.secure) ctx.set(https);
    await next();
  };
}
