import { createSystem, defaultBaseConfig, defineConfig, type ThemingConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  textStyles,
} from '@chakra-ui/react/theme';
import { publicRecipes } from './public-recipes.ts';
import { semanticTokens, tokens } from './public-tokens.gen.ts';

/**
 * The public pages' design system, built as Chakra documents a lean one: its base config (style
 * props and conditions), its global styles, only the recipes those pages use, and only the design
 * tokens their styles can name (public-tokens.gen.ts, docs/web.md#design-tokens). The full default
 * system (every recipe and token) would add ~20 KB gzip and its set-up time to every page; the admin
 * desk gets the full one from its own chunk (see full-system-provider.tsx).
 */
export function createPublicSystem(
  tokenSet: Pick<ThemingConfig, 'tokens' | 'semanticTokens'> = { tokens, semanticTokens },
) {
  // createSystem merges its configs itself (merging them first would copy them twice).
  return createSystem(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        ...tokenSet,
        textStyles,
        layerStyles,
        animationStyles,
        ...publicRecipes,
      },
    }),
  );
}

let built: ReturnType<typeof createPublicSystem> | undefined;

/**
 * Building the system is the single longest piece of work when a page starts (tens of
 * milliseconds on a phone), so it happens on first use, as a task of its own (main.tsx), not
 * while modules load.
 */
export function getSystem() {
  return (built ??= createPublicSystem());
}
