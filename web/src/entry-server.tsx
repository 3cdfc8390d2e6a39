import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { IslandSlots } from './islands/island.tsx';
import { islandIdPrefix, type IslandName } from './islands/registry.ts';
import { loadIslandRoot } from './islands/root.tsx';
import { PRERENDERED_STYLES } from './theme/style-cache.ts';
import { SITE_URL } from './lib/seo.ts';
import { createAppRouter } from './router.tsx';

export { siteMap } from './site-map.ts';

interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  text?: string;
}

const slot = (n: number) => `<!--island ${n}-->`;

/**
 * Renders one route to HTML for the prerenderer: the markup, the route's head tags, and the
 * page's styles as emotion's server API extracts them.
 */
export async function render(url: string): Promise<{ html: string; head: HeadTag[]; styles: string }> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    origin: SITE_URL,
  });
  await router.load();
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  // The page's islands leave a slot where they go, and are rendered each on its own, as the
  // browser hydrates them: in a root of their own, with their own prefix for React's ids
  // (docs/web.md#islands).
  const found: { name: IslandName; arg: string | undefined }[] = [];
  const page = renderToString(
    <CacheProvider value={cache}>
      <IslandSlots value={(name, arg) => slot(found.push({ name, arg }) - 1)}>
        <RouterProvider router={router} />
      </IslandSlots>
    </CacheProvider>,
  );
  // Numbered by document order, as the browser finds them.
  const order = [...page.matchAll(/<!--island (\d+)-->/g)].map((m) => Number(m[1]));
  const islands = await Promise.all(
    order.map(async (n, index) =>
      renderToString(await loadIslandRoot(found[n]!.name, found[n]!.arg, cache), {
        identifierPrefix: islandIdPrefix(index),
      }),
    ),
  );
  const html = page.replace(/<!--island (\d+)-->/g, (_, n: string) => islands[order.indexOf(Number(n))]!);
  // Every style is named by an attribute of our own, which emotion's hydration does not look for,
  // so no `<style>` element moves when the browser's cache is created (theme/style-cache.ts). The
  // global ones come first, and the first of them declares the order of Chakra's cascade layers
  // (docs/web.md#prerendered-styles).
  const styles = emotion
    .extractCriticalToChunks(html)
    .styles.map(({ ids, css }) => `<style ${PRERENDERED_STYLES}="${ids.join(' ')}">${css}</style>`)
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
