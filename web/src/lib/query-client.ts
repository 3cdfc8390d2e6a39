import { QueryClient } from '@tanstack/react-query';

/** No automatic refetching, data never stale, no retries (docs/product.md#talking-to-the-api). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | undefined;

/**
 * The page's one query client. It is created by the first code that needs it (a form's logic, the
 * admin desk), so TanStack Query stays out of a public page's first load.
 */
export function getQueryClient(): QueryClient {
  return (client ??= createQueryClient());
}
