import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/**
 * Scroll restoration for navigations, but not for the first render: a visitor may have scrolled a
 * prerendered page before it hydrated, and the router's reset would throw them back to the top.
 */
function keepScrollOnFirstRender() {
  let first = true;
  return () => {
    if (!first) return true;
    first = false;
    return false;
  };
}

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter(opts: { history?: RouterHistory; isServer?: boolean; origin?: string } = {}) {
  return createRouter({
    routeTree,
    ...(opts.history ? { history: opts.history } : {}),
    ...(opts.isServer !== undefined ? { isServer: opts.isServer } : {}),
    ...(opts.origin ? { origin: opts.origin } : {}),
    defaultPreload: 'intent',
    scrollRestoration: typeof document !== 'undefined' && keepScrollOnFirstRender(),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
