import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import IslandProviders from '../islands/providers.tsx';
import { notify } from './notices.tsx';
import { SWIPE_THRESHOLD, toaster } from './toaster.tsx';

// The notices as docs/product.md#notices says, in Chromium with a real mouse; their look on each
// public page (contrast, axe) stays in tests/e2e/site-notices.spec.ts.

declare module 'vitest/browser' {
  interface BrowserCommands {
    swipe(testId: string, dx: number): Promise<void>;
  }
}

const host = document.body.appendChild(document.createElement('div'));
const root = createRoot(host);
root.render(<IslandProviders>{null}</IslandProviders>);
afterEach(() => {
  toaster.remove();
  vi.useRealTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => root.unmount());

const notice = page.getByTestId('notice');

async function showNotice(title: string) {
  notify({ type: 'success', title, description: 'Check your inbox to confirm' });
  await expect.element(notice).toHaveAttribute('data-state', 'open');
  await expect.element(notice).toHaveTextContent(title);
}

test(`a notice stays after a swipe right shorter than ${SWIPE_THRESHOLD} px and goes after a longer one`, async () => {
  await showNotice('Subscribed');
  await commands.swipe('notice', SWIPE_THRESHOLD - 20);
  await expect.element(notice).toHaveAttribute('data-state', 'open');
  await commands.swipe('notice', SWIPE_THRESHOLD + 30);
  // Dismissed: closed at once (the element itself is removed 1,000,000 ms later).
  await expect.element(notice).toHaveAttribute('data-state', 'closed');
});

test('only one notice is shown at a time', async () => {
  await showNotice('First');
  notify({ type: 'error', title: 'Error subscribing', description: 'Try later.' });
  await expect.element(page.getByText('Error subscribing')).toBeVisible();
  expect(page.getByTestId('notice').all()).toHaveLength(1);
});

test('a dismissed notice no longer catches clicks meant for the page beneath it', async () => {
  await showNotice('Subscribed');
  const box = notice.element().getBoundingClientRect();
  await commands.swipe('notice', SWIPE_THRESHOLD + 30);
  await expect.element(notice).toHaveAttribute('data-state', 'closed');
  // Each point the notice covered (and the strip above it) reaches the page again.
  for (const [x, y] of [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 10, box.y + 5],
    [box.x + box.width / 2, box.y - 10],
  ] as const) {
    const onNotice = Boolean(document.elementFromPoint(x, y)?.closest('[data-scope="toast"]'));
    expect(onNotice, `point ${x},${y}`).toBe(false);
  }
});

test('a pointer resting on a notice holds it for a while, not for ever', async () => {
  // The page's clock, moved by hand (docs/testing.md#time): the notice lasts 5000 ms, and a
  // resting pointer may hold it for twice that. act: what the timers change is rendered before the
  // next check reads the page.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(() => notify({ type: 'error', title: 'Login failed', description: 'Try again.' }));
  await act(() => vi.advanceTimersByTimeAsync(100));
  const shown = page.getByTestId('notice');
  expect(shown.element()).toHaveTextContent('Login failed');
  await act(() => userEvent.hover(shown));
  await act(() => vi.advanceTimersByTimeAsync(4000));
  expect(shown.element()).toHaveAttribute('data-state', 'open');
  // Held past its 5000 ms (the pointer pauses it), and gone at twice that.
  await act(() => vi.advanceTimersByTimeAsync(2000));
  expect(shown.element()).toHaveAttribute('data-state', 'open');
  await act(() => vi.advanceTimersByTimeAsync(5000));
  expect(shown.element()).toHaveAttribute('data-state', 'closed');
});
