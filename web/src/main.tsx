import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';
import { getSystem } from './theme/system.ts';

// Each step of the start is a task of its own, so none holds the main thread for long: a visitor
// can scroll and tap the prerendered page in between.
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root')!;
  const prerendered = container.hasChildNodes();
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  getSystem();
  await yieldToMain();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (prerendered) {
    // The route's code must be loaded first so the markup matches. As a transition, hydration
    // yields to the browser between components (the page is already visible and readable).
    await router.load();
    await yieldToMain();
    startTransition(() => void hydrateRoot(container, app));
  } else {
    // A client-only shell (the admin): its head tags are rendered again by <HeadContent />.
    document.head.querySelectorAll('[data-shell]').forEach((el) => el.remove());
    createRoot(container).render(app);
  }
}

void start();
