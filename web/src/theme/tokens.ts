import { semanticColors } from '@chakra-ui/theme-parts/semantic-tokens/colors';
import { semanticRadii } from '@chakra-ui/theme-parts/semantic-tokens/radii';
import { semanticShadows } from '@chakra-ui/theme-parts/semantic-tokens/shadows';
import { animations } from '@chakra-ui/theme-parts/tokens/animations';
import { aspectRatios } from '@chakra-ui/theme-parts/tokens/aspect-ratios';
import { blurs } from '@chakra-ui/theme-parts/tokens/blurs';
import { borders } from '@chakra-ui/theme-parts/tokens/borders';
import { colors } from '@chakra-ui/theme-parts/tokens/colors';
import { cursor } from '@chakra-ui/theme-parts/tokens/cursor';
import { durations } from '@chakra-ui/theme-parts/tokens/durations';
import { easings } from '@chakra-ui/theme-parts/tokens/easings';
import { fontSizes } from '@chakra-ui/theme-parts/tokens/font-sizes';
import { fontWeights } from '@chakra-ui/theme-parts/tokens/font-weights';
import { fonts } from '@chakra-ui/theme-parts/tokens/fonts';
import { keyframes } from '@chakra-ui/theme-parts/tokens/keyframes';
import { letterSpacings } from '@chakra-ui/theme-parts/tokens/letter-spacing';
import { lineHeights } from '@chakra-ui/theme-parts/tokens/line-heights';
import { radii } from '@chakra-ui/theme-parts/tokens/radius';
import { sizes } from '@chakra-ui/theme-parts/tokens/sizes';
import { spacing } from '@chakra-ui/theme-parts/tokens/spacing';
import { zIndices } from '@chakra-ui/theme-parts/tokens/z-indices';

// Palettes the public pages never use: each palette is dozens of tokens and semantic tokens that
// the system would turn into CSS variables at every page start.
const unused = new Set(['teal', 'cyan', 'pink']);
const without = <T extends object>(palettes: T) =>
  Object.fromEntries(Object.entries(palettes).filter(([name]) => !unused.has(name))) as T;

/** Chakra's default tokens, as its own theme assembles them (theme/index.js). */
export const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors: without(colors),
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};

/**
 * The site has one colour scheme: each semantic token keeps its light value only. Chakra would
 * otherwise register a second value per token and write a `.dark` block of CSS variables (6 KB in
 * every page) that nothing ever switches on.
 */
function lightOnly<T>(node: T): T {
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, child]) => {
    if (key === 'value' && typeof child === 'object' && child !== null && '_light' in child)
      return [key, (child as { _light: unknown })._light];
    return [key, lightOnly(child)];
  });
  return Object.fromEntries(entries) as T;
}

export const semanticTokens = {
  colors: lightOnly(without(semanticColors)),
  shadows: lightOnly(semanticShadows),
  radii: semanticRadii,
};
export { keyframes };
