import { describe, expect, it } from 'vitest';
import { siteMap, siteMapOf } from './site-map.ts';

const route = (fullPath: string, children?: object, unlisted?: boolean) => ({
  isRoot: false,
  fullPath,
  children,
  ...(unlisted ? { options: { staticData: { unlisted } } } : {}),
});

describe('the site map from the route tree', () => {
  it('finds every public page of the app and puts the admin desk behind its one shell', () => {
    const map = siteMap();
    expect(map.pages).toEqual(expect.arrayContaining(['/', '/get-started', '/schedule-demo', '/terms']));
    expect(map.pages.some((p) => p.startsWith('/admin'))).toBe(false);
    expect(map.shell).toBe('/admin');
    expect(map.shellRoutes).toContain('/admin');
  });

  it('treats every route under /admin as the shell, parameters or not, and skips layouts', () => {
    const map = siteMapOf([
      { isRoot: true, fullPath: '/' },
      route('/'),
      route('/pricing/'),
      route('/admin', { login: {} }),
      route('/admin/login'),
      route('/admin/$kind'),
      route('/admin/$kind/$id'),
      route('/administration'),
    ]);
    expect(map.pages).toEqual(['/', '/administration', '/pricing']);
    expect(map.shellRoutes).toEqual(['/admin/$kind', '/admin/$kind/$id', '/admin/login']);
  });

  it('keeps the pages only an email links to out of the listed pages', () => {
    const map = siteMapOf([route('/'), route('/newsletter/confirm', undefined, true)]);
    expect(map.pages).toEqual(['/']);
    expect(map.unlisted).toEqual(['/newsletter/confirm']);
  });

  it('refuses a public route with parameters, which it could not prerender', () => {
    expect(() => siteMapOf([route('/blog/$slug')])).toThrow(/\/blog\/\$slug/);
  });
});
