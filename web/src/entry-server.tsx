import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PRERENDERED_STYLES } from './theme/style-cache.ts';
import { getSystem } from './theme/system.ts';
import { SITE_URL } from './lib/seo.ts';
import { createAppRouter } from './router.tsx';

export { siteMap } from './site-map.ts';

interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  text?: string;
}

/**
 * Renders one route to HTML for the prerenderer: the markup, the route's head tags, and the
 * page's styles as emotion's server API extracts them (`<style data-emotion>` elements for the
 * head, which the browser's emotion cache takes over when the page starts).
 */
export async function render(url: string): Promise<{ html: string; head: HeadTag[]; styles: string }> {
  // Rendered as the browser will hydrate it (client-side Suspense boundaries around split routes);
  // router.load() has already loaded every route's code, so nothing suspends.
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: false,
    origin: SITE_URL,
  });
  await router.load();
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <RouterProvider router={router} />
      </CacheProvider>
    </StrictMode>,
  );
  // The components' styles are named by an attribute of our own, which emotion's hydration does
  // not look for (theme/style-cache.ts); the global styles keep emotion's, marked as already
  // placed (data-s), for its Global component to take over, which moves them after the others. So
  // the order of Chakra's cascade layers is declared first (docs/web.md#prerendered-styles).
  const layerOrder = `<style>${getSystem().layers.atRule}</style>`;
  const styles =
    layerOrder +
    emotion
      .extractCriticalToChunks(html)
      .styles.map(({ key, ids, css }) =>
        key === cache.key
          ? `<style ${PRERENDERED_STYLES}="${ids.join(' ')}">${css}</style>`
          : `<style data-emotion="${key} ${ids.join(' ')}" data-s="">${css}</style>`,
      )
      .join('');
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
  return { html, head, styles };
}
