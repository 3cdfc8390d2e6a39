import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// A site as the web build writes it: prerendered pages, the admin shell, the 404 page, an asset.
const SHELL = '<!doctype html><title>Admin | TextFlow</title><div id="root"></div>';
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title>',
  'get-started/index.html': '<!doctype html><title>Get Started</title>',
  'admin/index.html': SHELL,
  '404.html': '<!doctype html><title>404 Page Not Found</title>',
  'assets/app-abc123.js': 'export {};',
};

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-site-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  writeFileSync(path.join(dir, 'admin/index.html.gz'), gzipSync(SHELL));
  t = await startTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the static site', () => {
  it.each(['/admin/contacts/12', '/admin', '/admin/', '/admin/login?redirect=%2Fadmin', '/admin/nope'])(
    'answers the admin URL %s with the admin shell, revalidated on every load',
    async (url) => {
      const res = await t.request().get(url).set('Accept-Encoding', 'identity');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).toBe(SHELL);
    },
  );

  it('serves the shell precompressed to a client that accepts gzip', async () => {
    const res = await t.request().get('/admin/demos/7').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(SHELL);
  });

  it.each(['/administrator', '/admin-desk', '/nope/admin/1'])(
    'keeps the 404 page for %s, outside the desk though it starts alike',
    async (url) => {
      const res = await t.request().get(url);
      expect(res.status).toBe(404);
      expect(res.text).toContain('404 Page Not Found');
    },
  );

  it('still serves the public pages and assets as files', async () => {
    const page = await t.request().get('/get-started');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Get Started</title>');
    const asset = await t.request().get('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves the API its own answers for paths that look like the desk', async () => {
    const res = await t.request().get('/api/contacts/12');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
