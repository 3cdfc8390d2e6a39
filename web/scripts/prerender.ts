// Writes one real HTML file per public route from the SSR build, the admin desk's shell, 404.html,
// sitemap.xml and routes.json (the list the tests and the benchmark visit), all from the router's
// route tree (src/site-map.ts).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const siteUrl = process.env.VITE_SITE_URL ?? 'https://textflow.example';
// The page is complete HTML; its script starts only after the first paint, so reading never
// waits for JavaScript (the script and its imports load in parallel once it starts). Its forms
// work before that: they post to the API (docs/product.md#forms-without-javascript).
const template = readFileSync(path.join(dist, 'index.html'), 'utf8')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, src: string) =>
      `<script type="module">requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(src)})));</script>`,
  );
if (!template.includes('requestAnimationFrame')) throw new Error('index.html: entry script not found');
const { render, siteMap } = (await import(
  pathToFileURL(path.join(webDir, 'dist-ssr/entry-server.js')).href
)) as typeof EntryServer;

const map = siteMap();
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);
const pages: { url: string; file: string; shell?: boolean }[] = [
  ...[...map.pages, ...map.unlisted].map((url) => ({ url, file: fileOf(url) })),
  // The admin desk depends on the signed-in session, so it is client-only: its page is a shell
  // with the head tags and an empty root, which the browser renders rather than hydrates.
  { url: map.shell, file: fileOf(map.shell), shell: true },
  { url: '/__not-found__', file: '404.html' },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

for (const page of pages) {
  // A shell's head tags are the desk layout's, read from its sign-in page: the desk's other pages
  // ask the server for the session before they render, and there is none here.
  const { html, head, styles } = await render(page.shell ? `${page.url}/login` : page.url);
  // A shell's tags are for crawlers and the first paint; the client renders its own and drops
  // these (data-shell), or the page would carry every tag twice.
  const mark = page.shell ? ' data-shell' : '';
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
  const markup = html.replace(/^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/, (m) => {
    hoisted.push(m);
    return '';
  });
  // The components' own head tags win; the route's declared ones stand in when none were rendered.
  const headHtml = (hoisted.length > 0 && !page.shell ? hoisted.join('') : tags) + (page.shell ? '' : styles);
  const out = template
    .replace('<!--app-head-->', headHtml)
    .replace('<!--app-html-->', page.shell ? '' : markup);
  const target = path.join(dist, page.file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, out);
  console.log(`prerendered ${page.url} -> ${page.file} (${(out.length / 1024).toFixed(1)} KiB)`);
}

writeFileSync(path.join(dist, 'routes.json'), `${JSON.stringify(map, null, 2)}\n`);
const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${map.pages
    .map((url) => `  <url><loc>${siteUrl}${url}</loc><lastmod>${today}</lastmod></url>`)
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
