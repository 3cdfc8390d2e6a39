import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StyleSheet } from '@emotion/sheet';
import { useState, type ReactNode } from 'react';

/** The attribute of the one <style> element that holds a prerendered page's component styles. */
export const PRERENDERED_STYLES_ATTR = 'data-prerendered-styles';

/**
 * A style sheet that takes over prerendered <style> elements where they already are. Emotion's own
 * sheet re-inserts each of them into <head>, and moving a style sheet makes the browser restyle the
 * whole page: a long task at hydration for nothing. Chakra's global styles use the same class
 * (emotion builds their sheets with `cache.sheet.constructor`), so they stay in place too.
 */
class AdoptingStyleSheet extends StyleSheet {
  override hydrate(nodes: HTMLStyleElement[]) {
    this.tags.push(...nodes);
  }
}

function createBrowserCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const sheet = new AdoptingStyleSheet({
    key: cache.key,
    container: cache.sheet.container,
    speedy: cache.sheet.isSpeedy,
  });
  cache.sheet = sheet;
  // The prerenderer gathers every component style of the page into one element and lists their
  // names, so the client render knows they are in the document and does not insert them again.
  const prerendered = document.querySelectorAll<HTMLStyleElement>(`style[${PRERENDERED_STYLES_ATTR}]`);
  for (const node of prerendered) {
    for (const name of node.getAttribute(PRERENDERED_STYLES_ATTR)!.split(' ')) cache.inserted[name] = true;
  }
  sheet.hydrate([...prerendered]);
  return cache;
}

let browserCache: EmotionCache | undefined;

/**
 * Emotion's style cache: one per prerendered page (so each style is written once), one for the
 * browser's whole session.
 */
export function StyleCacheProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() =>
    typeof document === 'undefined' ? createCache({ key: 'css' }) : (browserCache ??= createBrowserCache()),
  );
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
