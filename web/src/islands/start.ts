import type { ReactNode } from 'react';
import { countUp } from '../features/landing/count-up.ts';

interface IslandModule {
  /** What the island hydrates: the same as its children in the page's tree. */
  render(arg: string, onReady: () => void): ReactNode;
}

/**
 * Every island a public page can have (docs/web.md#islands). `load`: hydrated as the page starts
 * (needing no design system to do so); `use`: hydrated when the visitor comes to use it (a
 * pointer over it, a touch, the focus), which builds the design system then.
 */
const islands: Record<string, { when: 'load' | 'use'; load: () => Promise<IslandModule> }> = {
  'lead-form': { when: 'use', load: () => import('./island-lead-form.tsx') },
  'newsletter-link': { when: 'load', load: () => import('./island-newsletter-link.tsx') },
  'api-explorer': { when: 'use', load: () => import('./island-api-explorer.tsx') },
  documentation: { when: 'use', load: () => import('./island-documentation.tsx') },
};

const USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** `hooks.start`: called as React takes the element over; `hooks.ready`: once it has rendered. */
async function hydrate(
  el: HTMLElement,
  name: string,
  arg: string,
  hooks: { start?: () => void; ready?: () => void } = {},
): Promise<void> {
  const [{ hydrateRoot }, island] = await Promise.all([import('react-dom/client'), islands[name]!.load()]);
  hooks.start?.();
  hydrateRoot(el, island.render(arg, hooks.ready ?? (() => {})));
}

/**
 * Hydrates an island on its first use. What the visitor did before it was ready is not lost: a
 * click is made again on the same element (hydration keeps the elements), and text typed into a
 * field is handed to the island's own handlers as an input.
 */
function hydrateOnUse(el: HTMLElement, name: string, arg: string): void {
  let started = false;
  const clicks: EventTarget[] = [];
  const holdClick = (event: Event) => {
    if (event.target) clicks.push(event.target);
  };
  el.addEventListener('click', holdClick, { capture: true });
  const start = () => {
    if (started) return;
    started = true;
    for (const type of USE_EVENTS) el.removeEventListener(type, start);
    void hydrate(el, name, arg, {
      // From here on React's own listeners on the element take the clicks (it hydrates what is
      // clicked at once), so only the earlier ones are made again.
      start: () => el.removeEventListener('click', holdClick, { capture: true }),
      ready: () => {
        for (const field of el.querySelectorAll('input'))
          if (field.value !== field.defaultValue) handOver(field);
        for (const target of clicks)
          target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      },
    });
  };
  for (const type of USE_EVENTS) el.addEventListener(type, start, { passive: true });
  // The focus may be inside already: it came before this script ran, and no event tells of it
  // again (docs/web.md#used-before-start).
  if (el.contains(document.activeElement)) start();
}

/**
 * Text typed into a field before its island hydrated: React took the typed value as the one it
 * had set, so it is set again the way a person's typing sets it (the field's own value setter,
 * then an input event), after React's record of it is put back to the prerendered value.
 */
function handOver(field: HTMLInputElement): void {
  const typed = field.value;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Starts a prerendered public page: its islands, and its figures' count-up. */
export function startIslands(container: HTMLElement): void {
  for (const el of container.querySelectorAll<HTMLElement>('[data-target]')) countUp(el);
  for (const el of container.querySelectorAll<HTMLElement>('[data-island]')) {
    const [name = '', arg = ''] = el.dataset.island!.split(':');
    const island = islands[name];
    if (!island) continue;
    if (island.when === 'load') void hydrate(el, name, arg);
    else hydrateOnUse(el, name, arg);
  }
}
