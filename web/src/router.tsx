import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** One factory for the browser and the prerenderer, so both build the same tree. */
export function createAppRouter(
  opts: { history?: RouterHistory; queryClient?: QueryClient; isServer?: boolean } = {},
) {
  const queryClient = opts.queryClient ?? createQueryClient();
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(opts.history ? { history: opts.history } : {}),
    ...(opts.isServer !== undefined ? { isServer: opts.isServer } : {}),
    defaultPreload: 'intent',
    scrollRestoration: typeof document !== 'undefined',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
