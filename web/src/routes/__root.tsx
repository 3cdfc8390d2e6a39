import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/toaster.tsx';
import { NotFound } from './-components/not-found.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={defaultSystem}>
        <HeadContent />
        <Outlet />
        <Toaster />
      </ChakraProvider>
    </QueryClientProvider>
  );
}
