import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { publicRecipes } from './public-recipes.ts';
import { siteGlobalCss, siteKeyframes } from './site-css.ts';

/**
 * The public pages' design system, built as Chakra documents a lean one: its base config (style
 * props and conditions), its global styles and default tokens, and only the recipes those pages
 * use (docs/web.md#design-tokens). Every recipe would add ~20 KB gzip to the pages that style
 * themselves in the browser; the admin desk gets them all from its own chunk
 * (see full-system-provider.tsx).
 */
export function createPublicSystem() {
  // createSystem merges its configs itself (merging them first would copy them twice).
  return createSystem(
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
        textStyles,
        layerStyles,
        animationStyles,
        ...publicRecipes,
      },
    }),
  );
}

let built: ReturnType<typeof createPublicSystem> | undefined;

/** Built on first use: in the browser, when an island first styles itself. */
export function getSystem() {
  return (built ??= createPublicSystem());
}
