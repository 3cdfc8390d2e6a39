import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { animationStyles } from '@chakra-ui/theme-parts/motion-styles';
import { badgeRecipe } from '@chakra-ui/theme-parts/recipes/badge';
import { breakpoints } from '@chakra-ui/theme-parts/breakpoints';
import { buttonRecipe } from '@chakra-ui/theme-parts/recipes/button';
import { cardSlotRecipe } from '@chakra-ui/theme-parts/recipes/card';
import { containerRecipe } from '@chakra-ui/theme-parts/recipes/container';
import { fieldSlotRecipe } from '@chakra-ui/theme-parts/recipes/field';
import { globalCss } from '@chakra-ui/theme-parts/global-css';
import { headingRecipe } from '@chakra-ui/theme-parts/recipes/heading';
import { inputRecipe } from '@chakra-ui/theme-parts/recipes/input';
import { layerStyles } from '@chakra-ui/theme-parts/layer-styles';
import { nativeSelectSlotRecipe } from '@chakra-ui/theme-parts/recipes/native-select';
import { spinnerRecipe } from '@chakra-ui/theme-parts/recipes/spinner';
import { tabsSlotRecipe } from '@chakra-ui/theme-parts/recipes/tabs';
import { textareaRecipe } from '@chakra-ui/theme-parts/recipes/textarea';
import { textStyles } from '@chakra-ui/theme-parts/text-styles';
import { toastSlotRecipe } from '@chakra-ui/theme-parts/recipes/toast';
import { toastContrast } from './toast-contrast.ts';
import { keyframes, semanticTokens, tokens } from './tokens.ts';

/**
 * The public pages' design system: Chakra's tokens and global styles with only the recipes those
 * pages use. The full default system (every recipe) would add ~20 KB gzip and its set-up time to
 * every page; the admin desk gets the full one from its own chunk (see full-system-provider.tsx).
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
          input: inputRecipe,
          spinner: spinnerRecipe,
          textarea: textareaRecipe,
        },
        slotRecipes: {
          card: cardSlotRecipe,
          field: fieldSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          tabs: tabsSlotRecipe,
          toast: toastSlotRecipe,
        },
      },
    }),
    toastContrast,
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

let built: System | undefined;
export function getSystem(): System {
  if (!built) {
    built = buildSystem();
    adoptPrerenderedGlobalCss(built);
  }
  return built;
}
