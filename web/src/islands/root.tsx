import type { EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { loadIsland, type IslandName } from './registry.ts';

/**
 * What an island is prerendered and hydrated as, on a root of its own: its content in the
 * providers it needs there (the app's tree already gives them). Its name and argument are read
 * back from the page, where `<Island>` wrote them from its typed props. `cache`: the prerenderer's;
 * in the browser, the page's own. `onHydrated`: in the browser, called once it has hydrated.
 */
export async function loadIslandRoot(
  name: IslandName,
  arg: string | undefined,
  cache?: EmotionCache,
  onHydrated?: () => void,
): Promise<ReactNode> {
  const [{ Content }, { default: IslandProviders }] = await Promise.all([
    loadIsland(name) as Promise<{ Content: (props: { arg: string | undefined }) => ReactNode }>,
    import('./providers.tsx'),
  ]);
  return (
    <IslandProviders cache={cache} onHydrated={onHydrated}>
      <Content arg={arg} />
    </IslandProviders>
  );
}
