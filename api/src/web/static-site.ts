import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isApiPath } from '../http/api-path.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function fileAt(file: string) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The admin desk's one shell: every /admin/... URL is the desk's, and it renders the route itself. */
const ADMIN_SHELL = 'admin/index.html';
const isAdminPath = (p: string) => p === '/admin' || p.startsWith('/admin/');

/**
 * Serves the prerendered site the way nginx does in production: each route's own HTML, the admin
 * shell for any admin URL, hashed assets cached for a year, HTML revalidated, and the 404 page with
 * status 404.
 */
export function staticSite(root: string): Middleware {
  const base = path.resolve(root);
  return async (ctx, next) => {
    if (isApiPath(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      rel = '/__invalid__';
    }
    const candidates = rel.endsWith('/')
      ? [path.join(base, rel, 'index.html')]
      : [path.join(base, rel), path.join(base, rel, 'index.html'), path.join(base, `${rel}.html`)];
    // The desk's routes (/admin/login, /admin/contacts/12, ...) have no files of their own; an unknown
    // one is the app's own not-found page, drawn by the shell.
    if (isAdminPath(rel)) candidates.push(path.join(base, ADMIN_SHELL));
    let file: string | undefined;
    let info: Awaited<ReturnType<typeof fileAt>>;
    for (const c of candidates) {
      if (!c.startsWith(base + path.sep) && c !== base) continue; // no escaping the site root
      info = await fileAt(c);
      if (info) {
        file = c;
        break;
      }
    }
    let status = 200;
    if (!file || !info) {
      const notFound = path.join(base, '404.html');
      info = await fileAt(notFound);
      ctx.status = 404;
      if (!info) return;
      file = notFound;
      status = 404;
    }
    const ext = path.extname(file);
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.vary('Accept-Encoding');
    // A precompressed copy written by the build, as nginx's gzip_static serves it.
    const gz = ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? await fileAt(`${file}.gz`) : undefined;
    if (gz) {
      file = `${file}.gz`;
      info = gz;
      ctx.set('Content-Encoding', 'gzip');
    }
    ctx.length = info.size;
    // Only a file that exists is immutable: a missing asset may appear with the next release.
    const immutable = status === 200 && rel.startsWith('/assets/');
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.status = status;
    // Koa answers a HEAD with these headers and no body (a null body would turn it into a 204).
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(file);
  };
}
