import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from './router.tsx';
import type { SiteMap } from './site-map-file.ts';

/** The admin desk is client-only (docs/product.md#admin-desk): its routes share one shell page. */
const ADMIN_SHELL = '/admin';

const underShell = (path: string) => path === ADMIN_SHELL || path.startsWith(`${ADMIN_SHELL}/`);

/** What siteMapOf reads of a route: the router's own route objects have these. */
interface RouteInfo {
  isRoot: boolean;
  fullPath: string;
  children?: unknown;
  options?: { staticData?: { unlisted?: boolean } };
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page only an email links to: prerendered, but `noindex` and not in the sitemap. */
    unlisted?: boolean;
  }
}

/**
 * Sorts routes into pages and the admin shell. Only leaf routes are pages (a layout renders
 * inside its children's); a public route with parameters cannot be prerendered without a list of
 * its values, so it stops the build rather than go missing.
 */
export function siteMapOf(routes: Iterable<RouteInfo>): SiteMap {
  const pages = new Set<string>();
  const unlisted = new Set<string>();
  const shellRoutes = new Set<string>();
  for (const route of routes) {
    const children = route.children as object | undefined;
    if (route.isRoot || (children && Object.keys(children).length > 0)) continue;
    const path = route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, '');
    if (underShell(path)) shellRoutes.add(path);
    else if (path.includes('$'))
      throw new Error(`${path}: a public route with parameters needs its values listed to be prerendered`);
    else if (route.options?.staticData?.unlisted) unlisted.add(path);
    else pages.add(path);
  }
  return {
    pages: [...pages].sort(),
    unlisted: [...unlisted].sort(),
    shell: ADMIN_SHELL,
    shellRoutes: [...shellRoutes].sort(),
  };
}

/**
 * The site's pages, from the router's route tree: a route file added under src/routes is
 * prerendered, put in the sitemap and visited by the tests and the benchmark with no other list
 * to update (the prerenderer writes this to web/dist/routes.json).
 */
export function siteMap(): SiteMap {
  const router = createAppRouter({
    history: createMemoryHistory(),
    origin: 'http://localhost',
  });
  return siteMapOf(Object.values(router.routesById) as RouteInfo[]);
}
