import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter(opts: { history?: RouterHistory; origin?: string } = {}) {
  return createRouter({
    routeTree,
    ...(opts.history ? { history: opts.history } : {}),
    ...(opts.origin ? { origin: opts.origin } : {}),
    defaultPreload: 'intent',
    scrollRestoration: typeof document !== 'undefined',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
