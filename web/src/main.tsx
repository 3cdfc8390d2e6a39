import { StrictMode } from 'react';
import { startIslands } from './islands/start.ts';
import { keepFormDrafts } from './lib/form-drafts.ts';
import { reloadOnChunkFailure } from './lib/reload-on-chunk-failure.ts';
import { fillAttribution } from './lib/visit-attribution.ts';

reloadOnChunkFailure();
// The header's menus are popovers: the browser opens and closes them (Escape, a press outside);
// a link chosen in one closes it too, also when it only scrolls the page (docs/web.md#islands).
document.addEventListener('click', (event) => {
  const menu = event.target instanceof Element ? event.target.closest('a')?.closest('[popover]') : null;
  if (menu instanceof HTMLElement) menu.hidePopover();
});

const container = document.getElementById('root')!;

// A prerendered page (a public one) is never hydrated whole: only its islands are, each when it is
// needed (docs/web.md#islands). A page without prerendered markup (the admin desk's shell, or the
// dev server's template) is rendered by the app: router, routes and design system.
if (container.firstElementChild !== null) {
  fillAttribution(container);
  keepFormDrafts(container);
  startIslands(container);
} else void startApp();

async function startApp() {
  const [{ createRoot }, { CacheProvider, createAppRouter, createStyleCache, RouterProvider }] =
    await Promise.all([import('react-dom/client'), import('./app.tsx')]);
  // The shell's head tags are rendered again by <HeadContent />.
  document.head.querySelectorAll('[data-shell]').forEach((el) => el.remove());
  createRoot(container).render(
    <StrictMode>
      <CacheProvider value={createStyleCache()}>
        <RouterProvider router={createAppRouter()} />
      </CacheProvider>
    </StrictMode>,
  );
}
