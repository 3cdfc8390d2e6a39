import { createContext, use } from 'react';
import { loadIsland, type IslandArg, type IslandName } from './registry.ts';

type ArgProp<N extends IslandName> =
  IslandArg<N> extends undefined ? { arg?: undefined } : { arg: IslandArg<N> };

/**
 * Given by the prerenderer: takes note of an island of the page and says what to write in its
 * place, a marker where the island's own render goes (docs/web.md#islands).
 */
export const IslandSlots = createContext<((name: IslandName, arg: string | undefined) => string) | null>(
  null,
);

/**
 * A part of a public page that works in the browser, declared in the islands' registry
 * (registry.ts). On a prerendered page it is rendered and hydrated on its own root (start.ts),
 * and the rest of the page never is. In the app (a page the browser renders) it renders its
 * content in place.
 */
export function Island<N extends IslandName>({ name, arg }: { name: N } & ArgProp<N>) {
  const slots = use(IslandSlots);
  const attrs = {
    'data-island': name,
    'data-arg': arg as string | undefined,
    style: { display: 'contents' },
  };
  if (slots) return <div {...attrs} dangerouslySetInnerHTML={{ __html: slots(name, attrs['data-arg']) }} />;
  const { Content } = use(loadIsland(name));
  return (
    <div {...attrs}>
      <Content arg={arg as IslandArg<N>} />
    </div>
  );
}
