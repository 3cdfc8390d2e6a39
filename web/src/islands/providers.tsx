import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { Notices } from '../components/notices.tsx';
import { pageStyleCache } from '../theme/style-cache.ts';
import { getSystem } from '../theme/system.ts';

// The notices' region is mounted once, by the first island to hydrate.
let noticesHost = false;

/**
 * What an island's content needs in a root of its own: a style cache (the prerenderer's, or in the
 * browser the page's one, shared by its islands), the design system (built on first use) and the
 * page's one notices region. None of them renders any markup, so an island hydrates the same with
 * them.
 */
export default function IslandProviders({
  cache = pageStyleCache(),
  children,
}: {
  cache?: EmotionCache | undefined;
  children: ReactNode;
}) {
  const [hostsNotices] = useState(() => !noticesHost && (noticesHost = true));
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()}>
        {children}
        {hostsNotices && <Notices />}
      </ChakraProvider>
    </CacheProvider>
  );
}
