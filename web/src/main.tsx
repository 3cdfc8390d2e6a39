import { startTransition, StrictMode } from 'react';

// Each step of the start is a task of its own, so none holds the main thread for long: a visitor
// can scroll and tap the prerendered page in between.
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root')!;
  // Prerendered markup, as opposed to an empty shell (the admin) or the dev server's template, whose
  // root holds only a placeholder comment.
  const prerendered = container.firstElementChild !== null;
  // Both parts are fetched at once; each is evaluated when it arrives, in a task of its own (one
  // chunk with React DOM, the router, Chakra and the app took one long task to evaluate).
  const reactDom = import('react-dom/client');
  const app = import('./app.tsx');
  const { createRoot, hydrateRoot } = await reactDom;
  await yieldToMain();
  const { createAppRouter, getSystem, RouterProvider } = await app;
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  getSystem();
  await yieldToMain();
  const root = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (prerendered) {
    // The route's code must be loaded first so the markup matches. As a transition, hydration
    // yields to the browser between components (the page is already visible and readable).
    await router.load();
    await yieldToMain();
    startTransition(() => void hydrateRoot(container, root));
  } else {
    // A client-only shell (the admin): its head tags are rendered again by <HeadContent />.
    document.head.querySelectorAll('[data-shell]').forEach((el) => el.remove());
    createRoot(container).render(root);
  }
}

void start();
