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

    // The page keeps room for the notice at its end, then a person who wants the next page goes to
    // the end of the list. What is measured there is taken in one step of the page's own, with the
    // notice's state: a notice that closes meanwhile (its 5000 ms run on a slow machine) takes its
    // room with it, so a measure taken across its closing would be of a page with no notice.
    await expect(page.getByTestId('notice-room')).toHaveCount(1);
    const seen = await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      const box = (el: Element) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { x, y, width, height };
      };
      const notice = document.querySelector('[data-testid="notice"]')!;
      const next = Array.from(document.querySelectorAll('[data-testid="paging"] button')).find(
        (b) => b.textContent === 'Next',
      )!;
      const nextBox = box(next);
      const hit = document.elementFromPoint(nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2);
      return {
        state: notice.getAttribute('data-state'),
        notice: box(notice),
        paging: box(document.querySelector('[data-testid="paging"]')!),
        hit: hit?.closest('button')?.textContent,
      };
    });
    expect(seen.state, 'the notice was still shown when the page was measured').toBe('open');
    expect(overlaps(seen.notice, seen.paging), JSON.stringify(seen)).toBe(false);
    expect(seen.hit).toBe('Next');

    const next = page.getByTestId('paging').getByRole('button', { name: 'Next' });
    await next.click({ timeout: 3000 });
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 26-30 of 30');
  });

  test('the welcome notice comes with the desk, not over the sign-in form while it loads', async ({
    page,
  }) => {
    // The desk's first data held: signed in, its page is still loading.
    let release!: () => void;
    const held = new Promise<void>((reached) => {
      void page.route('**/api/admin/overview', async (route) => {
        reached();
        await new Promise<void>((r) => (release = r));
        await route.continue();
      });
    });
    await openAdmin(page);
    await logIn(page);
    await held;
    // The button stays busy meanwhile (no second click), and no notice yet.
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await expect(page.getByTestId('notice')).toHaveCount(0);
    release();
    await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
    await expect(page.getByTestId('notice')).toContainText('Login successful');
  });
});
