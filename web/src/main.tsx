import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// Prerendered pages hydrate; the route's code must be loaded first so the markup matches.
if (container.hasChildNodes()) {
  void router.load().then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
