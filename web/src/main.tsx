import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// Prerendered pages hydrate; the route's code must be loaded first so the markup matches. As a
// transition, hydration yields to the browser between components instead of blocking the main
// thread for its whole length (the page is already visible and readable).
if (container.hasChildNodes()) {
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // A client-only shell (the admin): its head tags are rendered again by <HeadContent />.
  document.head.querySelectorAll('[data-shell]').forEach((el) => el.remove());
  createRoot(container).render(app);
}
