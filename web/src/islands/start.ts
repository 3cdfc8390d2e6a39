import { countUp } from '../features/landing/count-up.ts';
import { loadIslandRoot } from './root.tsx';
import { islandIdPrefix, islands, isIslandName, type IslandName } from './registry.ts';

// What says the visitor is about to use an island: a pointer over it, a touch, the focus.
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
// How long an island on screen waits at most for the browser to be idle before it starts anyway.
const IDLE_TIMEOUT_MS = 2000;

/** Calls `run` when the browser is idle (soon after at the latest), or after a moment without the API. */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 200);
}

/**
 * Calls `run` once the island is on screen and the browser is idle. Its element has no box of its
 * own (`display: contents`): its children are what is seen.
 */
function whenIdleOnScreen(el: HTMLElement, run: () => void): () => void {
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    whenIdle(run);
  });
  for (const child of el.children) seen.observe(child);
  return () => seen.disconnect();
}

/**
 * Takes note of the buttons pressed in an island before it has hydrated: those that do nothing
 * without its code (`type="button"`; a link or a form's submit does what the browser does). Once
 * it has hydrated, `replay()` presses them again, in order, unless they have gone
 * (docs/web.md#presses-before-the-code).
 */
function notePresses(el: HTMLElement) {
  const pressed: HTMLButtonElement[] = [];
  const press = (event: Event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('button[type="button"]');
    if (button && el.contains(button)) pressed.push(button);
  };
  el.addEventListener('click', press, true);
  return {
    /** From here on React has the island's events (a press while it hydrates is its own). */
    stop: () => el.removeEventListener('click', press, true),
    async replay() {
      for (const button of pressed.splice(0)) {
        // Each once the page has taken the previous one in (its re-render, its effects).
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (button.isConnected && !button.disabled) button.click();
      }
    },
  };
}

/**
 * Hydrates an island on its own root, with React's ids under its own prefix (the prerenderer
 * rendered it with the same one, so `useId` agrees), in the page's one style cache, and then
 * presses again what was pressed in it before.
 */
async function hydrate(
  el: HTMLElement,
  name: IslandName,
  index: number,
  presses: ReturnType<typeof notePresses>,
): Promise<void> {
  try {
    const [{ hydrateRoot }, root] = await Promise.all([
      import('react-dom/client'),
      loadIslandRoot(name, el.dataset.arg, undefined, () => void presses.replay()),
    ]);
    presses.stop();
    hydrateRoot(el, root, { identifierPrefix: islandIdPrefix(index) });
  } finally {
    presses.stop();
  }
}

/**
 * Starts a prerendered public page (docs/web.md#islands): its figures' count-up, and each island
 * as the registry says: as the page starts, once on screen and the browser idle, or when the
 * visitor comes to use it. Until an island is hydrated that part of the page is the browser's own
 * (its links, its forms' posts); a button pressed in it meanwhile is pressed again once it is.
 */
export function startIslands(container: HTMLElement): void {
  for (const el of container.querySelectorAll<HTMLElement>('[data-target]')) countUp(el);
  container.querySelectorAll<HTMLElement>('[data-island]').forEach((el, index) => {
    const name = el.dataset.island!;
    if (!isIslandName(name))
      throw new Error(`The page names an island the registry does not declare: ${name}`);
    const { when } = islands[name];
    const presses = notePresses(el);
    if (when === 'start') return void hydrate(el, name, index, presses);
    let started = false;
    let stopWatching = () => {};
    const start = () => {
      if (started) return;
      started = true;
      for (const type of INTENT) el.removeEventListener(type, start);
      stopWatching();
      void hydrate(el, name, index, presses);
    };
    for (const type of INTENT) el.addEventListener(type, start, { passive: true });
    if (when === 'idle') stopWatching = whenIdleOnScreen(el, start);
    // The focus may be inside already: it came before this script ran, and no event tells of it
    // again (docs/web.md#used-before-start).
    if (el.contains(document.activeElement)) start();
  });
}
