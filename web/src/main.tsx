import { startTransition, StrictMode } from 'react';
import { holdEarlySubmits } from './lib/early-submit.ts';
import { reloadOnChunkFailure } from './lib/reload-on-chunk-failure.ts';

// First: from here on no lead form's submit is the browser's own, hydrated yet or not.
holdEarlySubmits();
reloadOnChunkFailure();

// Each step of the start is a task of its own, so none holds the main thread for long: a visitor
// can scroll and tap the prerendered page in between.
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root')!;
  // Prerendered markup, as opposed to an empty shell (the admin) or the dev server's template, whose
  // root holds only a placeholder comment.
  const prerendered = container.firstElementChild !== null;
  // React DOM and the app (router, routes, design system) are set going in tasks of their own:
  // evaluating all of it at once was one long task.
  const reactDom = import('react-dom/client');
  const app = import('./app.tsx');
  const { createRoot, hydrateRoot } = await reactDom;
  await yieldToMain();
  const { CacheProvider, createAppRouter, createStyleCache, getSystem, loadPrerendered, RouterProvider } =
    await app;
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  getSystem();
  await yieldToMain();
  const root = (
    <StrictMode>
      <CacheProvider value={createStyleCache()}>
        <RouterProvider router={router} />
      </CacheProvider>
    </StrictMode>
  );
  if (prerendered) {
    // The route's code must be loaded first so the markup matches (but not its static content's:
    // see lazyStatic). As a transition, hydration yields to the browser between components.
    await loadPrerendered(() => router.load());
    await yieldToMain();
    startTransition(() => void hydrateRoot(container, root));
  } else {
    // A client-only shell (the admin): its head tags are rendered again by <HeadContent />.
    document.head.querySelectorAll('[data-shell]').forEach((el) => el.remove());
    createRoot(container).render(root);
  }
}

void start();
