// The security headers, from deploy/security-headers.json, for both servers: nginx's include
// (written at image build by deploy/nginx/write-headers.mjs) and `npm start`'s Koa app. One
// definition, so the two cannot drift (docs/operations.md#what-nginx-sends).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import definition from './security-headers.json' with { type: 'json' };

/**
 * The CSP hash of every inline <script> in the built site's HTML. Throws when a page has an
 * inline event handler or a javascript: URL, which no hash can allow.
 */
export function inlineScriptHashes(siteDir) {
  const hashes = new Set();
  const pages = readdirSync(siteDir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && e.name.endsWith('.html'),
  );
  if (pages.length === 0) throw new Error(`${siteDir}: no HTML files`);
  for (const entry of pages) {
    const file = path.join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
      if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue; // data, not script
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
    const inlineHandler = html.match(/<[a-z][^>]*\s(on[a-z]+\s*=|href\s*=\s*["']?javascript:)/i);
    if (inlineHandler) {
      throw new Error(
        `${file}: inline event handler or javascript: URL (${inlineHandler[1]}) breaks the CSP`,
      );
    }
  }
  return [...hashes].sort();
}

/** The headers every answer carries, given the inline script hashes (none: no inline script allowed). */
export function securityHeaders(hashes = []) {
  return Object.fromEntries(
    Object.entries(definition.always).map(([name, value]) => [
      name,
      value.replaceAll(' INLINE_SCRIPT_HASHES', hashes.length ? ` ${hashes.join(' ')}` : ''),
    ]),
  );
}

/** The headers only answers over HTTPS carry. */
export const httpsOnlyHeaders = () => ({ ...definition.httpsOnly });
