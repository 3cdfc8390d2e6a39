#!/usr/bin/env node
// Fills INLINE_SCRIPT_HASHES in a security-headers file with the sha256 of every inline <script>
// in the built HTML, so the Content-Security-Policy allows exactly the site's own scripts.
// Usage: node csp-hashes.mjs <site dir> <security-headers.conf>   (writes the result to stdout)
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [siteDir, headersFile] = process.argv.slice(2);
if (!siteDir || !headersFile) {
  console.error('usage: csp-hashes.mjs <site dir> <security-headers.conf>');
  process.exit(2);
}

const hashes = new Set();
const pages = readdirSync(siteDir, { recursive: true, withFileTypes: true }).filter(
  (e) => e.isFile() && e.name.endsWith('.html'),
);
for (const entry of pages) {
  const file = path.join(entry.parentPath, entry.name);
  const html = readFileSync(file, 'utf8');
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue; // data, not script
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  // A CSP hash does not cover event-handler attributes or javascript: URLs; refuse to ship them.
  const inlineHandler = html.match(/<[a-z][^>]*\s(on[a-z]+\s*=|href\s*=\s*["']?javascript:)/i);
  if (inlineHandler) {
    console.error(`${file}: inline event handler or javascript: URL (${inlineHandler[1]}) breaks the CSP`);
    process.exit(1);
  }
}
if (pages.length === 0) {
  console.error(`${siteDir}: no HTML files`);
  process.exit(1);
}

const conf = readFileSync(headersFile, 'utf8');
if (!conf.includes('INLINE_SCRIPT_HASHES')) {
  console.error(`${headersFile}: no INLINE_SCRIPT_HASHES placeholder`);
  process.exit(1);
}
process.stdout.write(conf.replaceAll('INLINE_SCRIPT_HASHES', [...hashes].sort().join(' ')));
console.error(`csp-hashes: ${pages.length} pages, ${hashes.size} inline script hash(es)`);
