import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  nativeSelectSlotRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { withToastContrast } from './toast-contrast.ts';
import { semanticTokens, tokens } from './tokens.ts';

/**
 * The recipes of the Chakra components the public pages render. A component whose recipe is not
 * here renders unstyled, so system.test.ts checks this list against the components they import.
 */
export const publicRecipes = {
  recipes: {
    badge: badgeRecipe,
    button: buttonRecipe,
    container: containerRecipe,
    heading: headingRecipe,
    input: inputRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    card: cardSlotRecipe,
    field: fieldSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: withToastContrast(toastSlotRecipe),
  },
};

/**
 * The public pages' design system, built as Chakra documents a lean one: its base config (style
 * props and conditions) with its default tokens and global styles, and only the recipes those
 * pages use. The full default system (every recipe) would add ~20 KB gzip and its set-up time to
 * every page; the admin desk gets the full one from its own chunk (see full-system-provider.tsx).
 */
function buildSystem() {
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

let built: ReturnType<typeof buildSystem> | undefined;

/**
 * Building the system is the single longest piece of work when a page starts (tens of
 * milliseconds on a phone), so it happens on first use, as a task of its own (main.tsx), not
 * while modules load.
 */
export function getSystem() {
  return (built ??= buildSystem());
}
