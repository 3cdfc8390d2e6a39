import createCache from '@emotion/cache';

/**
 * The attribute that names, on a prerendered page's `<style>` element, the emotion styles it holds
 * (docs/web.md#prerendered-styles).
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles';

/**
 * A browser's style cache. The styles a page was prerendered with are taken as already inserted,
 * and their `<style>` elements stay where they are: emotion's own hydration would move each of them
 * in the document, and the browser restyles the whole page for each move. That holds for global
 * styles too: emotion's `<Global>` (Chakra's provider renders two in every island's root) inserts
 * its styles each time one mounts, without asking the cache what it holds; the cache declines
 * the ones the page already has (docs/web.md#prerendered-styles).
 */
export function createStyleCache() {
  const cache = createCache({ key: 'css' });
  const prerendered = new Set<string>();
  for (const element of document.querySelectorAll(`style[${PRERENDERED_STYLES}]`))
    for (const id of element.getAttribute(PRERENDERED_STYLES)!.split(' ')) {
      prerendered.add(id);
      cache.inserted[id] = true;
    }
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) =>
    prerendered.has(serialized.name) ? undefined : insert(selector, serialized, sheet, shouldCache);
  return cache;
}

let page: ReturnType<typeof createStyleCache> | undefined;

/** The one style cache of a prerendered page, shared by its islands. */
export const pageStyleCache = () => (page ??= createStyleCache());
