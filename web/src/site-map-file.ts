/**
 * The shape of web/dist/routes.json: the site's routes as the prerenderer found them in the route
 * tree (site-map.ts). Kept free of imports so the tests and the benchmark can read its type.
 */
export interface SiteMap {
  /** Every public page: prerendered to its own HTML file and listed in the sitemap. */
  pages: string[];
  /**
   * Public pages reached only from a link in an email (the newsletter's confirm and unsubscribe
   * pages): prerendered like the others but `noindex` and left out of the sitemap.
   */
  unlisted: string[];
  /** The admin desk's one client-only shell, served for every URL under it. */
  shell: string;
  /** Routes under the shell, rendered by the browser only. */
  shellRoutes: string[];
}
