import { Button } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { afterAll, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import FullSystemProvider from './full-system-provider.tsx';
import IslandProviders from '../islands/providers.tsx';

// A solid button's white text keeps WCAG AA contrast (4.5:1) at rest and under the pointer, in the
// public pages' system and the desk's (docs/web.md#design-tokens), for the palettes the site and
// the desk use. Chakra's own hover lightens blue to about 4.3:1.

const PALETTES = ['blue', 'red', 'gray'] as const;

/**
 * The relative luminance of a computed colour over white: `rgb()`/`rgba()` (0-255) or, as
 * Chromium computes a `color-mix()`, `color(srgb r g b / a)` (0-1).
 */
function luminance(css: string): number {
  const unit = css.startsWith('color(srgb') ? 1 : 255;
  const [r, g, b, a = 1] = css
    .replace('color(srgb', '')
    .match(/[\d.]+/g)!
    .map(Number);
  const over = (c: number) => (c / unit) * a + (1 - a);
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(over(r!)) + 0.7152 * lin(over(g!)) + 0.0722 * lin(over(b!));
}

function contrastOf(el: Element): number {
  const style = getComputedStyle(el);
  const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const roots: ReturnType<typeof createRoot>[] = [];
afterAll(() => roots.forEach((r) => r.unmount()));

const buttons = (system: string) =>
  PALETTES.map((p) => (
    <Button key={p} colorPalette={p} css={{ transition: 'none' }}>
      {`Solid ${p} (${system})`}
    </Button>
  ));

for (const [name, Provider] of [
  ['public pages', IslandProviders],
  ['desk', FullSystemProvider],
] as const) {
  test(`the ${name}' solid buttons keep 4.5:1 at rest and under the pointer`, async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    roots.push(root);
    root.render(<Provider>{buttons(name)}</Provider>);
    for (const p of PALETTES) {
      const button = page.getByRole('button', { name: `Solid ${p} (${name})` });
      await expect.element(button).toBeVisible();
      await userEvent.unhover(button);
      expect(contrastOf(button.element()), `${p} at rest`).toBeGreaterThanOrEqual(4.5);
      await userEvent.hover(button);
      expect(contrastOf(button.element()), `${p} hovered`).toBeGreaterThanOrEqual(4.5);
    }
  });
}
