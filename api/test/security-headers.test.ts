import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// `npm start` sends the security headers nginx sends, from one definition
// (deploy/security-headers.json), and never caches a missing asset for a year.

const root = path.resolve(import.meta.dirname, '../..');
const inline = 'window.__boot = 1;';
let site: string;
let t: TestApp;
beforeAll(async () => {
  site = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-headers-'));
  mkdirSync(path.join(site, 'assets'));
  mkdirSync(path.join(site, 'admin'));
  writeFileSync(
    path.join(site, 'index.html'),
    `<!doctype html><script>${inline}</script><title>Home</title>`,
  );
  writeFileSync(path.join(site, 'admin/index.html'), '<!doctype html><title>Admin</title>');
  writeFileSync(path.join(site, '404.html'), '<!doctype html><title>404 Page Not Found</title>');
  writeFileSync(path.join(site, 'assets/app-1234.js'), 'console.log(1)');
  t = await startTestApp({ staticDir: site });
});
afterAll(() => t.close());

const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;

/** The headers nginx's generated include adds, by name. */
function nginxHeaders(): Record<string, string> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-nginx-'));
  execFileSync(process.execPath, [path.join(root, 'deploy/nginx/write-headers.mjs'), site, out], {
    stdio: 'pipe',
  });
  const lines = readFileSync(path.join(out, 'security-headers.conf'), 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .map((l) => /^add_header (\S+) "(.*)" always;$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1]!.toLowerCase(), m[2]!.replaceAll('\\"', '"')]),
  );
}

describe('security headers under npm start', () => {
  it.each([['/'], ['/admin'], ['/admin/'], ['/no-such-page'], ['/api/health'], ['/api/nope']])(
    '%s carries the same headers as nginx, the CSP naming the inline scripts by hash',
    async (url) => {
      const res = await t.request().get(url);
      const expected = nginxHeaders();
      expect(Object.keys(expected)).toEqual(
        expect.arrayContaining(['content-security-policy', 'x-frame-options', 'referrer-policy']),
      );
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash};`);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('caches a hashed asset for a year, but never a missing one', async () => {
    const found = await t.request().get('/assets/app-1234.js');
    expect(found.status).toBe(200);
    expect(found.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.request().get('/assets/app-9999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
  });
});

describe('the nginx template', () => {
  const template = readFileSync(path.join(root, 'deploy/nginx/default.conf.template'), 'utf8');
  const server = template.slice(template.indexOf('server {'));
  // nginx drops inherited add_header in a location that has its own.
  const withOwnHeaders = server
    .split(/\n {4}location /)
    .slice(1)
    .map((block) => ({ location: block.split('\n')[0]!, body: block.slice(0, block.indexOf('\n    }')) }))
    .filter(({ body }) => body.includes('add_header'));

  it('gives the server the shared headers, and has locations that add their own', () => {
    expect(server).toMatch(/^ {4}include \/etc\/nginx\/lead-desk\/security-headers\.conf;$/m);
    expect(withOwnHeaders.length).toBeGreaterThan(0);
  });

  it.each(withOwnHeaders)('gives location $location the shared headers too', ({ body }) => {
    expect(body).toContain('security-headers.conf');
  });
});
