import { ChakraProvider, createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  keyframes,
  layerStyles,
  recipes,
  semanticTokens,
  slotRecipes,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { siteGlobalCss, siteKeyframes } from './site-css.ts';
import { withButtonContrast } from './button-contrast.ts';
import { withToastContrast } from './toast-contrast.ts';

// Chakra's default system, assembled from its public theme entry as Chakra's own `defaultConfig`
// is. Taken from '@chakra-ui/react' instead, every recipe would land in the public pages' first
// load: the bundler places a module shared with those pages (the theme entry, from which they
// take their few recipes) with everything that module's kept code uses.
const fullSystem = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: siteGlobalCss,
    theme: {
      breakpoints,
      keyframes: { ...keyframes, ...siteKeyframes },
      tokens,
      semanticTokens,
      recipes: { ...recipes, button: withButtonContrast(recipes.button) },
      slotRecipes: { ...slotRecipes, toast: withToastContrast(slotRecipes.toast) },
      textStyles,
      layerStyles,
      animationStyles,
    },
  }),
);

/** Chakra's full default system (every recipe), for the admin desk only: loaded as its own chunk. */
export default function FullSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={fullSystem}>{children}</ChakraProvider>;
}
