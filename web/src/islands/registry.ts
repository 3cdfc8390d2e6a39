import type { ComponentType } from 'react';
import type { FormName } from '../components/form-view.ts';
import type { LinkAction } from '../features/newsletter/api/use-link.ts';

/** What an island's module exports: what it shows, given its argument from the page. */
export interface IslandModule<Arg> {
  Content: ComponentType<{ arg: Arg }>;
}

interface IslandEntry<Arg> {
  /**
   * When the browser hydrates it (docs/web.md#islands): `start`, as the page starts; `idle`, once
   * it is on screen and the browser is idle, or when the visitor comes to use it if that is sooner;
   * `use`, only when the visitor comes to use it (a pointer over it, a touch, the focus).
   */
  when: 'start' | 'idle' | 'use';
  load(): Promise<IslandModule<Arg>>;
}

const island = <Arg = undefined>(entry: IslandEntry<Arg>) => entry;

/**
 * Every island a public page can have, with the argument it takes from the page. The page
 * (`<Island name arg>`, island.tsx) and the browser's start-up (start.ts) both read this one
 * object: an island the page names but this does not declare, or given an argument of the wrong
 * type, does not compile.
 */
export const islands = {
  'lead-form': island<FormName>({ when: 'use', load: () => import('./island-lead-form.tsx') }),
  'newsletter-link': island<LinkAction>({
    when: 'start',
    load: () => import('./island-newsletter-link.tsx'),
  }),
  'api-explorer': island({ when: 'idle', load: () => import('./island-api-explorer.tsx') }),
  documentation: island({ when: 'idle', load: () => import('./island-documentation.tsx') }),
};

export type IslandName = keyof typeof islands;
export type IslandArg<N extends IslandName> = (typeof islands)[N] extends IslandEntry<infer A> ? A : never;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(islands, name);

const loading = new Map<IslandName, Promise<unknown>>();

/** An island's module, loaded once. */
export function loadIsland<N extends IslandName>(name: N): Promise<IslandModule<IslandArg<N>>> {
  let module = loading.get(name);
  if (!module) loading.set(name, (module = islands[name].load()));
  return module as Promise<IslandModule<IslandArg<N>>>;
}

/**
 * The prefix of React's ids (`useId`) inside the page's `index`-th island in document order: the
 * prerenderer renders each island with it, and the browser hydrates it with the same one.
 */
export const islandIdPrefix = (index: number) => `i${index}-`;
