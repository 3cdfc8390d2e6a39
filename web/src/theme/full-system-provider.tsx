import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Chakra's full default system (every recipe), for the admin desk only: loaded as its own chunk. */
export default function FullSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>;
}
