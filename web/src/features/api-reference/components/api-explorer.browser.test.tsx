import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import IslandProviders from '../../../islands/providers.tsx';
import { ApiExplorer } from './api-explorer.tsx';

// The API reference's explorer as the page's island runs it (its prerendered page:
// tests/e2e/site-pages.spec.ts and site-features.spec.ts).

let unmount: (() => void) | undefined;
function show() {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <IslandProviders>
      <ApiExplorer />
    </IslandProviders>,
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
}
afterEach(() => {
  unmount?.();
  vi.useRealTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

test('the search filters by title, description or path, case-insensitively, and by category', async () => {
  show();
  const cards = page.getByRole('article');
  await expect.poll(() => cards.all().length).toBe(6);
  const search = page.getByLabelText('Search endpoints');
  await search.fill('SMS');
  await expect.poll(() => cards.all().length).toBe(2);
  await search.fill('/V1/LOOKUP');
  await expect.poll(() => cards.all().length).toBe(1);
  await expect.element(cards.first()).toHaveTextContent('Phone lookup');
  await search.fill('many recipients');
  await expect.poll(() => cards.all().length).toBe(1);
  await search.fill('');
  await page.getByRole('button', { name: 'Campaigns' }).click();
  await expect.poll(() => cards.all().length).toBe(2);
  await page.getByRole('button', { name: 'All' }).click();
  await expect.poll(() => cards.all().length).toBe(6);
});

test('a copy button copies its sample, confirms, and resets after 2 seconds', async () => {
  show();
  const card = page.getByRole('article').first();
  await card.getByRole('tab', { name: 'Example' }).click();
  const copy = card.getByRole('button', { name: 'Copy request' });
  await expect.element(copy).toBeVisible();
  // The page's clock, moved by hand: the reset is checked just before and at 2 seconds.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await copy.click();
  const copied = card.getByRole('button', { name: 'Request copied' });
  await expect.element(copied).toHaveTextContent('Copied!');
  const shown = copied.element().closest('div')!.parentElement!.querySelector('pre')!.innerText;
  expect(await navigator.clipboard.readText()).toBe(shown);
  // act: what the timers' callbacks change is rendered before the next check reads the page.
  await act(() => vi.advanceTimersByTimeAsync(1999));
  expect(copied.element()).toHaveTextContent('Copied!');
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(card.getByRole('button', { name: 'Copy request' }).element()).toHaveTextContent('Copy');
});
