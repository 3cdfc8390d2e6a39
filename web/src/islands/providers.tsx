import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Notices } from '../components/notices.tsx';
import { createStyleCache } from '../theme/style-cache.ts';
import { getSystem } from '../theme/system.ts';

// One style cache for every island of the page: it takes the prerendered styles as inserted once.
let cache: ReturnType<typeof createStyleCache> | undefined;
// The notices' region is mounted once, by the first island to come with the design system.
let noticesHost = false;

/**
 * What an island needs once it styles itself: the design system (built on first use) and the
 * page's one notices region. Neither renders any markup, so an island hydrates the same with it.
 * `onReady` is called once the island's first render is committed.
 */
export default function IslandProviders({
  children,
  onReady,
}: {
  children: ReactNode;
  onReady?: () => void;
}) {
  const [hostsNotices] = useState(() => !noticesHost && (noticesHost = true));
  useEffect(() => onReady?.(), [onReady]);
  return (
    <CacheProvider value={(cache ??= createStyleCache())}>
      <ChakraProvider value={getSystem()}>
        {children}
        {hostsNotices && <Notices />}
      </ChakraProvider>
    </CacheProvider>
  );
}
