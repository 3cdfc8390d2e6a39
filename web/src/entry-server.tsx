import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setPrerenderShells } from './components/lazy-form.tsx';
import { formShells } from './form-shells.tsx';
import { createAppRouter } from './router.tsx';

export { PRERENDERED_STYLES_ATTR } from './theme/style-cache.tsx';

interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  text?: string;
}

/** Renders one route to HTML for the prerenderer, with its head tags. */
export async function render(url: string): Promise<{ html: string; head: HeadTag[] }> {
  setPrerenderShells(formShells);
  // Rendered as the browser will hydrate it (client-side Suspense boundaries around split routes);
  // router.load() has already loaded every route's code, so nothing suspends.
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: false,
  });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const head: HeadTag[] = [];
  for (const match of router.state.matches) {
    for (const m of (match.meta ?? []) as Record<string, string>[]) {
      if (!m) continue;
      if ('title' in m) head.push({ tag: 'title', attrs: {}, text: m.title! });
      else head.push({ tag: 'meta', attrs: m });
    }
    for (const l of (match.links ?? []) as Record<string, string>[])
      if (l) head.push({ tag: 'link', attrs: l });
  }
  return { html, head };
}
