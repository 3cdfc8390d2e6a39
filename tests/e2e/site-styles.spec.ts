import { expect, test, type Page } from '@playwright/test';
import { expectStarted, ownedByReact } from './fixtures.ts';
import { siteMap } from './site-routes.ts';

/**
 * Watches the head from before the page's first script: every `<style>` element taken out of it
 * (a move is a removal and an insertion), and, once the page has started, the CSS rules emotion
 * inserted into style elements of its own.
 */
async function openWatched(page: Page, path: string) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedStyles: string[] }).removedStyles = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes))
          if (node instanceof HTMLStyleElement)
            removed.push(
              node.getAttribute('data-emotion') ??
                (node.hasAttribute('data-prerendered-styles') ? 'prerendered' : '?'),
            );
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  await expectStarted(page);
  await page.waitForLoadState('networkidle');
}

const watched = (page: Page) =>
  page.evaluate(() => ({
    removed: (window as unknown as { removedStyles: string[] }).removedStyles,
    prerendered: document.querySelectorAll('style[data-prerendered-styles]').length,
    // Emotion's own elements hold no text: it inserts rules through the CSS object model.
    insertedRules: Array.from(
      document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]'),
    ).reduce((n, el) => n + (el.sheet?.cssRules.length ?? 0), 0),
  }));

// docs/web.md#prerendered-styles, docs/web.md#islands
test.describe('prerendered styles', () => {
  for (const path of siteMap.pages)
    test(`${path}: the components' styles stay where they were prerendered and are not inserted again`, async ({
      page,
    }) => {
      await openWatched(page, path);
      // Started, nothing of the page is styled in the browser.
      expect(await watched(page)).toEqual({ removed: [], prerendered: 1, insertedRules: 0 });

      // The contact form comes into use, and with it the design system; and the page's other
      // islands, if any, by a pointer over them.
      const form = page.getByRole('form', { name: 'Contact form' });
      await form.getByLabel('Name *').focus();
      await expect.poll(() => ownedByReact(page, 'form[aria-label="Contact form"]')).toBe(true);
      for (const island of await page.locator('[data-island]:not([data-island^="lead-form"])').all())
        await island.hover();
      await page.waitForLoadState('networkidle');
      const { removed, prerendered, insertedRules } = await watched(page);
      expect(prerendered).toBe(1);
      // Only the global styles move, once each: Chakra's provider takes them over.
      expect(removed.filter((r) => !r.startsWith('css-global'))).toEqual([]);
      expect(removed.length).toBeLessThanOrEqual(2);
      // A page's styles are all prerendered; whatever emotion adds is what only the browser shows,
      // a handful of rules, not the page's hundreds again.
      expect(insertedRules).toBeLessThan(20);
    });
});
