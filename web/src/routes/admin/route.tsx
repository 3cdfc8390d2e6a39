import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSessionExpiry } from '../../features/desk/session/components/use-session-expiry.ts';

export const Route = createFileRoute('/admin')({
  head: () => ({
    meta: [
      { title: 'Admin | TextFlow' },
      { name: 'description', content: 'The lead desk for the sales team.' },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  // The admin routes get their query client through router context, from here rather than from the
  // router: it is loaded with the first admin URL, so no public page loads TanStack Query.
  beforeLoad: async () => {
    const { getQueryClient } = await import('../../lib/query-client.ts');
    return { queryClient: getQueryClient() };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionExpiry />
      <Outlet />
    </QueryClientProvider>
  );
}

function SessionExpiry() {
  useSessionExpiry();
  return null;
}
