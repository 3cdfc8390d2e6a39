import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openDashboard, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiSignIn, newsletterLinks } from './mail-helpers.ts';

// The newsletter's links (docs/product.md#follow-up): opening one never acts; its button does.

/** The subscriber's status badge on its page in the desk. */
async function deskStatus(page: Page, id: number) {
  await openDashboard(page);
  await page.goto(`/admin/newsletters/${id}`);
  return page.getByRole('main').getByText(/^(Pending|Active|Inactive)$/);
}

// The link pages' HTML, kept out of search engines and the sitemap: site-html.spec.ts.

test('confirming: opening the link changes nothing, the button confirms', async ({ page, request }) => {
  const email = `${uniqueTag()}@example.com`;
  const links = await newsletterLinks(request, email);
  await page.goto(links.confirm);
  await expect(page).toHaveTitle('Confirm your subscription | TextFlow');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(await deskStatus(page, links.id)).toHaveText('Active');
});

test('a page opened but not pressed leaves the subscriber pending', async ({ page, request }) => {
  const links = await newsletterLinks(request, `${uniqueTag()}@example.com`);
  await page.goto(links.confirm);
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(await deskStatus(page, links.id)).toHaveText('Pending');
});

test('unsubscribing by the link in the email', async ({ page, request }) => {
  const links = await newsletterLinks(request, `${uniqueTag()}@example.com`);
  await page.goto(links.unsubscribe);
  await expect(page).toHaveTitle('Unsubscribe | TextFlow');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(await deskStatus(page, links.id)).toHaveText('Inactive');
});

test('a broken or incomplete link says so and what to do', async ({ page }) => {
  await page.goto('/newsletter/confirm?token=aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  const alert = page.getByRole('alert');
  await expect(
    alert.getByRole('heading', { name: 'This link cannot confirm your subscription' }),
  ).toBeVisible();
  await expect(alert).toContainText('This link is not valid');
  await expect(alert).toContainText('subscribe again with the newsletter form');
  // Pressing again cannot help: the button is gone.
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/newsletter/unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This link is incomplete. Please open it again from the email.',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** The subscriber's status, as the desk's API gives it (signed in as an admin). */
  const statusOf = async (request: APIRequestContext, email: string) => {
    await apiSignIn(request);
    const list = await (await request.get(`/api/newsletters?q=${encodeURIComponent(email)}`)).json();
    return (list as { newsletters: { status: string }[] }).newsletters[0]!.status;
  };

  test('each page’s form does what its button does, and the page after it tells the outcome', async ({
    page,
    request,
  }) => {
    const email = `${uniqueTag()}@example.com`;
    const links = await newsletterLinks(request, email);
    await page.goto(links.confirm);
    // One button: the form's; the one the script would drive is hidden.
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(1);
    expect(await statusOf(request, email)).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await expect(page).toHaveTitle('Subscription confirmed | TextFlow');
    await expect(
      page.getByRole('status').getByRole('heading', { name: 'Subscription confirmed' }),
    ).toBeVisible();
    expect(await statusOf(request, email)).toBe('active');

    await page.goto(links.unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect(await statusOf(request, email)).toBe('inactive');
  });

  test('a broken link lands on the page that says what to do', async ({ page }) => {
    await page.goto('/newsletter/confirm?token=aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirm-failed$/);
    const alert = page.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: 'This link cannot confirm your subscription' }),
    ).toBeVisible();
    await expect(alert).toContainText('subscribe again with the newsletter form');
  });
});

test('the outcome pages are accessible', async ({ page }) => {
  for (const path of ['/newsletter/confirmed', '/newsletter/unsubscribe-failed']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  }
});
