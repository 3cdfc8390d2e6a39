import { createFileRoute } from '@tanstack/react-router';
import { AdminApp } from '../features/admin/components/admin-app.tsx';

export const Route = createFileRoute('/admin')({
  head: () => ({
    meta: [
      { title: 'Admin | TextFlow' },
      { name: 'description', content: 'The lead desk for the sales team.' },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  component: AdminApp,
});
