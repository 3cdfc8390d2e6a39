import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openAdmin, submitContact, uniqueTag } from './admin-helpers.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// docs/product.md#notices: "A notice never covers the controls a person needs next."
test.describe('notices on the desk', () => {
  // A phone's width, where a notice spans the screen (in both projects).
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sign-in notice leaves the list paging clear and clickable at 375 px', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    // One after another: through nginx (the compose test), 30 at once from one address can
    // outrun its burst allowance for lead submissions and get 429s.
    for (let i = 0; i < 30; i++) {
      await submitContact(request, {
        name: `Clear ${String(i).padStart(2, '0')} ${tag}`,
        email: `clear.${i}.${tag}@example.com`,
        message: 'A lead on a page with a notice.',
      });
    }
    await page.goto(`/admin/contacts?q=${tag}`);
    await logIn(page);
    const notice = page.getByTestId('notice');
    await expect(notice).toContainText('Login successful');
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 1-25 of 30');

    // The page keeps room for the notice at its end (a render after the notice's own), then a
    // person who wants the next page goes to the end of the list.
    await expect(page.getByTestId('notice-room')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const paging = page.getByTestId('paging');
    const next = paging.getByRole('button', { name: 'Next' });
    await expect(notice).toHaveAttribute('data-state', 'open');
    const [noticeBox, pagingBox] = [await notice.boundingBox(), await paging.boundingBox()];
    expect(overlaps(noticeBox!, pagingBox!), `notice ${JSON.stringify(noticeBox)}`).toBe(false);
    const nextBox = (await next.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent,
      [nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2],
    );
    expect(hit).toBe('Next');
    // Still shown: what was measured is the notice over the page, not the page after it went.
    await expect(notice).toHaveAttribute('data-state', 'open');

    await next.click({ timeout: 3000 });
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 26-30 of 30');
  });

  test('a pointer resting on a notice holds it for a while, not for ever', async ({ page }) => {
    // The page's clock, moved by hand (docs/testing.md#time): the notice lasts 5000 ms, and a
    // resting pointer may hold it for twice that.
    await page.clock.install();
    await openAdmin(page);
    await logIn(page, ADMIN.username, 'not-the-password');
    const notice = page.getByTestId('notice');
    await expect(notice).toContainText('Login failed');
    await notice.hover();
    await page.clock.runFor(4000);
    await expect(notice).toHaveAttribute('data-state', 'open');
    // Held past its 5000 ms (the pointer pauses it), and gone at twice that.
    await page.clock.runFor(2000);
    await expect(notice).toHaveAttribute('data-state', 'open');
    await page.clock.runFor(5000);
    await expect(notice).toHaveAttribute('data-state', 'closed');
  });
});
