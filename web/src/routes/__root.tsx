import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Notices } from '../components/notices.tsx';
import { StyleCacheProvider } from '../theme/style-cache.tsx';
import { getSystem } from '../theme/system.ts';
import { NotFound } from './-components/not-found.tsx';
import type { RouterContext } from '../router.tsx';

// The admin desk styles itself with Chakra's full system; public pages never load it.
const FullSystemProvider = lazy(() => import('../theme/full-system-provider.tsx'));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function ThemeProvider({ children }: { children: ReactNode }) {
  const isAdmin = useRouterState({ select: (s) => /^\/admin(\/|$)/.test(s.location.pathname) });
  if (isAdmin)
    return (
      <Suspense fallback={null}>
        <FullSystemProvider>{children}</FullSystemProvider>
      </Suspense>
    );
  return <ChakraProvider value={getSystem()}>{children}</ChakraProvider>;
}

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <StyleCacheProvider>
        <ThemeProvider>
          <HeadContent />
          <Outlet />
          <Notices />
        </ThemeProvider>
      </StyleCacheProvider>
    </QueryClientProvider>
  );
}
