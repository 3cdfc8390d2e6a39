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
  page.evaluate(() => {
    // The style rules, inside cascade layers too, that define one of Chakra's token variables: the
    // page's global styles hold exactly one.
    const definitions = (rules: CSSRuleList): number =>
      Array.from(rules).reduce(
        (n, rule) =>
          n +
          (rule instanceof CSSStyleRule
            ? Number(rule.style.getPropertyValue('--chakra-colors-blue-600') !== '')
            : 'cssRules' in rule
              ? definitions((rule as CSSGroupingRule).cssRules)
              : 0),
        0,
      );
    return {
      removed: (window as unknown as { removedStyles: string[] }).removedStyles,
      prerendered: document.querySelectorAll('style[data-prerendered-styles]').length,
      // Emotion's own elements hold no text: it inserts rules through the CSS object model.
      insertedRules: Array.from(
        document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css"]'),
      ).reduce((n, el) => n + (el.sheet?.cssRules.length ?? 0), 0),
      globalDefinitions: Array.from(document.styleSheets).reduce(
        (n, sheet) => n + definitions(sheet.cssRules),
        0,
      ),
    };
  });

/** Comes to use every island of the page: the focus in the contact form, a pointer over the rest. */
async function useEveryIsland(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').focus();
  await expect.poll(() => ownedByReact(page, 'form[aria-label="Contact form"]')).toBe(true);
  for (const island of await page.locator('[data-island] > *').all()) {
    await island.hover();
    await expect
      .poll(() => island.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
  }
  await page.waitForLoadState('networkidle');
}

// docs/web.md#prerendered-styles, docs/web.md#islands
test.describe('prerendered styles', () => {
  for (const path of siteMap.pages)
    test(`${path}: the components' styles stay where they were prerendered and are not inserted again`, async ({
      page,
    }) => {
      await openWatched(page, path);
      // Started, nothing of the page is styled in the browser.
      expect(await watched(page)).toEqual({
        removed: [],
        prerendered: 3,
        insertedRules: 0,
        globalDefinitions: 1,
      });

      // Every island of the page comes into use, and with them the design system.
      await useEveryIsland(page);
      const { removed, prerendered, insertedRules, globalDefinitions } = await watched(page);
      expect(prerendered).toBe(3);
      // No style moves, global ones included: each island's provider finds them in place.
      expect(removed).toEqual([]);
      // Chakra's global styles are on the page once, however many islands use them.
      expect(globalDefinitions).toBe(1);
      // A page's styles are all prerendered; whatever emotion adds is what only the browser shows,
      // a handful of rules, not the page's hundreds again.
      expect(insertedRules).toBeLessThan(20);
    });
});

// docs/web.md#prerendered-styles: on a page with three islands in use, Chakra's global styles (its
// reset, global styles and token variables) are there once, as prerendered.
test('the get-started page with its three forms in use holds Chakra’s global styles once', async ({
  page,
}) => {
  await openWatched(page, '/get-started');
  await useEveryIsland(page);
  expect(await page.locator('[data-island="lead-form"] form').count()).toBe(3);
  for (const name of ['Get started', 'Contact form', 'Newsletter'])
    expect(await ownedByReact(page, `form[aria-label="${name}"]`)).toBe(true);
  const { removed, globalDefinitions } = await watched(page);
  expect(globalDefinitions).toBe(1);
  expect(removed).toEqual([]);
});
