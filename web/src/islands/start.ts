import { countUp } from '../features/landing/count-up.ts';
import { loadIslandRoot } from './root.tsx';
import { islandIdPrefix, islands, isIslandName, type IslandName } from './registry.ts';

// What says the visitor is about to use an island: a pointer over it, a touch, the focus.
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Hydrates an island on its own root, with React's ids under its own prefix (the prerenderer
 * rendered it with the same one, so `useId` agrees), in the page's one style cache.
 */
async function hydrate(el: HTMLElement, name: IslandName, index: number): Promise<void> {
  const [{ hydrateRoot }, root] = await Promise.all([
    import('react-dom/client'),
    loadIslandRoot(name, el.dataset.arg),
  ]);
  hydrateRoot(el, root, { identifierPrefix: islandIdPrefix(index) });
}

/**
 * Starts a prerendered public page (docs/web.md#islands): its figures' count-up, and each island
 * as the registry says, as the page starts or when the visitor comes to use it. Until an island
 * is hydrated that part of the page is the browser's own (its links, its forms' posts); nothing
 * done in it before is done again.
 */
export function startIslands(container: HTMLElement): void {
  for (const el of container.querySelectorAll<HTMLElement>('[data-target]')) countUp(el);
  container.querySelectorAll<HTMLElement>('[data-island]').forEach((el, index) => {
    const name = el.dataset.island!;
    if (!isIslandName(name))
      throw new Error(`The page names an island the registry does not declare: ${name}`);
    if (islands[name].when === 'start') return void hydrate(el, name, index);
    const start = () => {
      for (const type of INTENT) el.removeEventListener(type, start);
      void hydrate(el, name, index);
    };
    for (const type of INTENT) el.addEventListener(type, start, { passive: true });
    // The focus may be inside already: it came before this script ran, and no event tells of it
    // again (docs/web.md#used-before-start).
    if (el.contains(document.activeElement)) start();
  });
}
