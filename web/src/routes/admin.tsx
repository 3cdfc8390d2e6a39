import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: 'Admin' }, { name: 'robots', content: 'noindex, nofollow' }] }),
  component: () => <h1>Admin</h1>,
});
