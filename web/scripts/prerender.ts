// Writes one real HTML file per public route from the SSR build, plus 404.html and sitemap.xml.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const siteUrlForWindow = process.env.VITE_SITE_URL ?? 'https://textflow.example';
// The router is bundled with its client flag (see vite.config.ts) so the markup matches the
// browser's first render; its constructor reads window.origin. `document` stays undefined, so
// React and the UI library still render as on a server.
(globalThis as { window?: unknown }).window ??= {
  origin: siteUrlForWindow,
  location: new URL(siteUrlForWindow),
  addEventListener: () => {},
  removeEventListener: () => {},
};
(globalThis as { self?: unknown }).self ??= {};
// The page is complete HTML; its script starts only after the first paint, so reading never
// waits for JavaScript (the script and its imports load in parallel once it starts).
const template = readFileSync(path.join(dist, 'index.html'), 'utf8')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, src: string) =>
      `<script type="module">requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(src)})));</script>`,
  );
if (!template.includes('requestAnimationFrame')) throw new Error('index.html: entry script not found');
const { render, PRERENDERED_STYLES_ATTR } = (await import(
  pathToFileURL(path.join(webDir, 'dist-ssr/entry-server.js')).href
)) as typeof EntryServer;
const siteUrl = process.env.VITE_SITE_URL ?? 'https://textflow.example';

// The admin desk is client-only (it depends on the signed-in session): its page is a shell with
// the head tags and an empty root, which the browser renders rather than hydrates.
const routes: { url: string; file: string; index: boolean; shell?: boolean }[] = [
  { url: '/', file: 'index.html', index: true },
  ...['get-started', 'schedule-demo', 'documentation', 'api-reference', 'status', 'terms', 'privacy'].map(
    (r) => ({
      url: `/${r}`,
      file: `${r}/index.html`,
      index: true,
    }),
  ),
  { url: '/admin', file: 'admin/index.html', index: false, shell: true },
  { url: '/__not-found__', file: '404.html', index: false },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

for (const route of routes) {
  const { html, head } = await render(route.url);
  // A shell's tags are for crawlers and the first paint; the client renders its own and drops
  // these (data-shell), or the page would carry every tag twice.
  const mark = route.shell ? ' data-shell' : '';
  const tags = head
    .map((t) =>
      t.tag === 'title'
        ? `<title${mark}>${escape(t.text ?? '')}</title>`
        : `<${t.tag}${mark} ${Object.entries(t.attrs)
            .map(([k, v]) => `${k}="${escape(String(v))}"`)
            .join(' ')} />`,
    )
    .join('\n    ');
  // React 19 hoists <title>/<meta> rendered inside components to the head; outside a full
  // document render they come out at the start of the markup, so move them into <head>.
  const hoisted: string[] = [];
  const body = html.replace(/^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/, (m) => {
    hoisted.push(m);
    return '';
  });
  // Emotion writes each component's styles as a <style> just before the component. They go to
  // <head> here: Chakra's global styles as they are (marked data-s, already in place), and every
  // component style, once, in one element that lists their names. In the browser the style cache
  // (src/theme/style-cache.tsx) adopts them where they stand: nothing is inserted or moved again,
  // so hydration does not restyle the page.
  const globals = new Map<string, string>();
  const componentCss = new Map<string, string>();
  const markup = body.replace(
    /<style data-emotion="([^" ]+) ([^"]*)"[^>]*>([\s\S]*?)<\/style>/g,
    (m, key: string, names: string, css: string) => {
      if (key === 'css') componentCss.set(names, css);
      else globals.set(`${key} ${names}`, m.replace('<style ', '<style data-s="" '));
      return '';
    },
  );
  const styles = [...globals.values()];
  if (componentCss.size > 0)
    styles.push(
      `<style data-s="" ${PRERENDERED_STYLES_ATTR}="${[...componentCss.keys()].join(' ')}">${[...componentCss.values()].join('')}</style>`,
    );
  // The components' own head tags win; the route's declared ones stand in when none were rendered.
  const headHtml = (hoisted.length > 0 && !route.shell ? hoisted.join('') : tags) + styles.join('');
  const out = template
    .replace('<!--app-head-->', headHtml)
    .replace('<!--app-html-->', route.shell ? '' : markup);
  const target = path.join(dist, route.file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(`prerendered ${route.url} -> ${route.file} (${(out.length / 1024).toFixed(1)} KiB)`);
}

const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${routes
    .filter((r) => r.index)
    .map((r) => `  <url><loc>${siteUrl}${r.url === '/' ? '/' : r.url}</loc><lastmod>${today}</lastmod></url>`)
    .join('\n')}\n</urlset>\n`,
);
rmSync(path.join(webDir, 'dist-ssr'), { recursive: true, force: true });

// Precompressed copies, served as nginx's gzip_static does (and api/src/web/static-site.ts).
const compressible = /\.(html|js|css|svg|xml|txt|json)$/;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }));
}
