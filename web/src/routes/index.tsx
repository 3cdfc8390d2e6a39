import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Validate. Engage. Convert.' }] }),
  component: () => <h1>Validate. Engage. Convert.</h1>,
});
