import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export { adminPassword } from '../../playwright.config.ts';

/**
 * axe-core on the current page: zero violations of WCAG 2.x A/AA and best practices. `exclude`
 * leaves out an element (e.g. an iframe sandboxed without scripts, which axe cannot enter).
 */
export async function expectNoAxeViolations(page: Page, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Whether React owns the first element `selector` matches: it hydrated or rendered it. */
export function ownedByReact(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
}

/**
 * Waits until the prerendered page has started: its lead forms' islands, which every public page
 * has in its footer and which hydrate as the page starts, are React's (docs/web.md#islands).
 */
export async function expectStarted(page: Page): Promise<void> {
  await expect.poll(() => ownedByReact(page, '[data-lazy-form]')).toBe(true);
}
