import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { animationStyles } from '@chakra-ui/theme-parts/motion-styles';
import { badgeRecipe } from '@chakra-ui/theme-parts/recipes/badge';
import { breakpoints } from '@chakra-ui/theme-parts/breakpoints';
import { buttonRecipe } from '@chakra-ui/theme-parts/recipes/button';
import { containerRecipe } from '@chakra-ui/theme-parts/recipes/container';
import { globalCss } from '@chakra-ui/theme-parts/global-css';
import { headingRecipe } from '@chakra-ui/theme-parts/recipes/heading';
import { layerStyles } from '@chakra-ui/theme-parts/layer-styles';
import { textStyles } from '@chakra-ui/theme-parts/text-styles';
import { lazyRecipeKeys, shareRecipeTables } from './recipe-tables.ts';
import { keyframes, semanticTokens, tokens } from './tokens.ts';

/**
 * The public pages' design system: Chakra's tokens and global styles with only the recipes those
 * pages use. The full default system (every recipe) would add ~20 KB gzip and its set-up time to
 * every page; the admin desk gets the full one from its own chunk (see full-system-provider.tsx).
 * Recipes of the components the landing page's first load does not render (cards, form fields,
 * tabs, notices) come with the code that renders them (see components/lazy-ui.ts).
 * Building it is the single longest piece of work when a page starts (tens of milliseconds on a
 * phone), so it happens on first use, as a task of its own (main.tsx), not while modules load.
 */
function buildSystem() {
  // createSystem merges its configs itself (merging them first would copy them twice).
  return createSystem(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix: 'chakra',
      cssVarsRoot: ':where(html, .chakra-theme)',
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          container: containerRecipe,
          heading: headingRecipe,
        },
        slotRecipes: {},
      },
    }),
  );
}

type System = ReturnType<typeof buildSystem>;

/**
 * On a prerendered page, Chakra's global style sheet (reset, base styles, a CSS variable per
 * token) is already in <head>, written by the prerenderer as emotion names it. The system is given
 * that sheet as emotion's serialized form, so its Global style finds it by name and adopts it, and
 * the browser never writes the same 40 KB of CSS again (see scripts/lazy-chakra-global.ts, which
 * makes the system write it only when asked). The other global sheet is the layer order statement.
 */
function adoptPrerenderedGlobalCss(system: System) {
  if (typeof document === 'undefined') return;
  for (const node of document.querySelectorAll('style[data-emotion^="css-global "]')) {
    const styles = node.textContent ?? '';
    if (!styles.includes('{')) continue;
    const name = node.getAttribute('data-emotion')!.slice('css-global '.length);
    (system as { _global: unknown })._global = { name, styles };
  }
}

/**
 * A component rendered before its lazy recipe was added would be unstyled, silently: say so in the
 * console (the browser tests fail on console errors there).
 */
function reportMissingRecipes(system: System) {
  const { getRecipeFn, getSlotRecipeFn } = system;
  const lazy = new Set<string>([...lazyRecipeKeys.recipes, ...lazyRecipeKeys.slotRecipes]);
  const check = (key: string, added: boolean) => {
    if (lazy.has(key) && !added)
      console.error(`Chakra's "${key}" recipe is used before it was added (see components/lazy-ui.ts).`);
  };
  system.getRecipeFn = (key, fallback) => {
    check(key, system.isRecipe(key));
    return getRecipeFn(key, fallback);
  };
  system.getSlotRecipeFn = (key, fallback) => {
    check(key, system.isSlotRecipe(key));
    return getSlotRecipeFn(key, fallback);
  };
}

let built: System | undefined;
export function getSystem(): System {
  if (!built) {
    built = buildSystem();
    adoptPrerenderedGlobalCss(built);
    shareRecipeTables((built._config.theme ??= {}));
    reportMissingRecipes(built);
  }
  return built;
}
