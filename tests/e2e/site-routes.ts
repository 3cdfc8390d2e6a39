import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteMap } from '../../web/src/site-map-file.ts';

/**
 * The site's routes as the prerenderer found them in the router's route tree (web/src/site-map.ts
 * writes them to web/dist/routes.json when the site is built). The browser tests, the compose test
 * and the benchmark read this one list; SITE_ROUTES_FILE points at another copy (the compose test
 * takes the one inside the web image).
 */
const file =
  process.env.SITE_ROUTES_FILE ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/routes.json');
if (!existsSync(file)) throw new Error(`${file} is missing: build the site first (npm run build -w web)`);

export const siteMap = JSON.parse(readFileSync(file, 'utf8')) as SiteMap;
