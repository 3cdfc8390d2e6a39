import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Notices } from '../components/notices.tsx';
import { pageStyleCache } from '../theme/style-cache.ts';
import { getSystem } from '../theme/system.ts';

// The notices' region is mounted once, by the first island to hydrate.
let noticesHost = false;

/**
 * What an island's content needs in a root of its own: a style cache (the prerenderer's, or in the
 * browser the page's one, shared by its islands), the design system (built on first use) and the
 * page's one notices region. None of them renders any markup, so an island hydrates the same with
 * them. `onHydrated`: called once the island's content has hydrated, its effects run (start.ts
 * then replays the presses made before its code arrived).
 */
export default function IslandProviders({
  cache = pageStyleCache(),
  onHydrated,
  children,
}: {
  cache?: EmotionCache | undefined;
  onHydrated?: (() => void) | undefined;
  children: ReactNode;
}) {
  const [hostsNotices] = useState(() => !noticesHost && (noticesHost = true));
  // A parent's effects run after its children's: the content's own have run by then.
  const hydrated = useRef(onHydrated);
  useEffect(() => hydrated.current?.(), []);
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()}>
        {children}
        {hostsNotices && <Notices />}
      </ChakraProvider>
    </CacheProvider>
  );
}
