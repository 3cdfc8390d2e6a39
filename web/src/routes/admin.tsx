import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AdminApp } from '../features/admin/components/admin-app.tsx';
import { getQueryClient } from '../lib/query-client.ts';

export const Route = createFileRoute('/admin')({
  head: () => ({
    meta: [
      { title: 'Admin | TextFlow' },
      { name: 'description', content: 'The lead desk for the sales team.' },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  component: AdminDesk,
});

function AdminDesk() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AdminApp />
    </QueryClientProvider>
  );
}
