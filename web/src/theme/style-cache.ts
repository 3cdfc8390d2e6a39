import createCache from '@emotion/cache';

/**
 * The attribute that names, on a prerendered page's `<style>` element, the emotion styles it holds
 * (docs/web.md#prerendered-styles).
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles';

/**
 * The browser's style cache. The styles a page was prerendered with are taken as already inserted,
 * and their `<style>` elements stay where they are: emotion's own hydration would move each of them
 * in the document, and the browser restyles the whole page for each move.
 */
export function createStyleCache() {
  const cache = createCache({ key: 'css' });
  for (const element of document.querySelectorAll(`style[${PRERENDERED_STYLES}]`))
    for (const id of element.getAttribute(PRERENDERED_STYLES)!.split(' ')) cache.inserted[id] = true;
  return cache;
}
