import { ChakraProvider } from '@chakra-ui/react';
import { createRootRoute, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Notices } from '../components/notices.tsx';
import { getSystem } from '../theme/system.ts';
import { NotFound } from './-components/not-found.tsx';

// The admin desk styles itself with Chakra's full system; public pages never load it.
const FullSystemProvider = lazy(() => import('../theme/full-system-provider.tsx'));

export const Route = createRootRoute({
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
  return (
    <ThemeProvider>
      <HeadContent />
      <Outlet />
      <Notices />
    </ThemeProvider>
  );
}
