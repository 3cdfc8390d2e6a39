import type { BrowserCommand } from 'vitest/node';

/**
 * A swipe right with the real mouse over the element of `testId` in the component test's page:
 * pressed 20 px from its left edge, moved `dx` CSS pixels right in two steps, released. The page
 * gets real pointer events (an active pointer, so pointer capture works), which a script cannot
 * dispatch. Sizes are measured in the page, so the frame's scale (if any) does not change `dx`.
 */
export const swipe: BrowserCommand<[testId: string, dx: number]> = async (ctx, testId, dx) => {
  const target = ctx.iframe.getByTestId(testId);
  // Where it comes to rest: a trial click waits until the box holds still.
  await target.click({ trial: true });
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing with data-testid="${testId}" is shown`);
  const scale = box.width / (await target.evaluate((el) => (el as HTMLElement).offsetWidth));
  const x = box.x + 20 * scale;
  const y = box.y + box.height / 2;
  await ctx.page.mouse.move(x, y);
  await ctx.page.mouse.down();
  await ctx.page.mouse.move(x + (dx * scale) / 2, y, { steps: 3 });
  await ctx.page.mouse.move(x + dx * scale, y, { steps: 3 });
  await ctx.page.mouse.up();
};
