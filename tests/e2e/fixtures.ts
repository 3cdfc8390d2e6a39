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
 * Comes to use an island, as a visitor does before pressing in it (a pointer over it), and waits
 * until it is React's (docs/web.md#islands).
 */
export async function approachIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"] > *`).first();
  await island.hover();
  await expect.poll(() => ownedByReact(page, `[data-island="${name}"] > *`)).toBe(true);
}

/**
 * Waits until the prerendered page has started: its entry module has arrived, and every script it
 * asked for at once has too. Nothing is hydrated by then: the lead forms' islands wait until they
 * come into use (docs/web.md#islands), and work as plain forms before.
 */
export async function expectStarted(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/assets\/index-[^/]*\.js$/.test(e.name)),
      ),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/**
 * Lets the code of the page's lead forms take them over, as a visitor's pointer coming over them
 * would (without scrolling to them), and waits until React owns every one.
 */
export async function expectFormsEnhanced(page: Page): Promise<void> {
  const forms = page.locator('[data-island="lead-form"] form');
  await forms.evaluateAll((els) =>
    els.forEach((el) => el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))),
  );
  for (const form of await forms.all())
    await expect
      .poll(() => form.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
  await page.waitForLoadState('networkidle');
}

/**
 * Whether the browser tells assistive technology that the button named `name` is expanded, as it
 * does for a popover's button while the popover is open (no attribute of the page says it).
 */
export async function expandedState(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      nodeId: root.nodeId,
      accessibleName: name,
      role: 'button',
    });
    const button = nodes.find((n) => !n.ignored);
    const expanded = button?.properties?.find((p) => p.name === 'expanded');
    return button ? Boolean(expanded?.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}
