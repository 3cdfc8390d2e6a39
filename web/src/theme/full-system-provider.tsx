import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { toastContrast } from './toast-contrast.ts';

const fullSystem = createSystem(defaultConfig, toastContrast);

/** Chakra's full default system (every recipe), for the admin desk only: loaded as its own chunk. */
export default function FullSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={fullSystem}>{children}</ChakraProvider>;
}
