import { semanticTokens as chakraSemanticTokens, tokens as chakraTokens } from '@chakra-ui/react/theme';

// Palettes the public pages never use: each palette is dozens of tokens and semantic tokens that
// the system would turn into CSS variables at every page start.
const unused = new Set(['teal', 'cyan', 'pink']);
const without = <T extends object>(palettes: T) =>
  Object.fromEntries(Object.entries(palettes).filter(([name]) => !unused.has(name))) as T;

/** Chakra's default tokens (its public `@chakra-ui/react/theme` entry), less the unused palettes. */
export const tokens = { ...chakraTokens, colors: without(chakraTokens.colors) };

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
  ...chakraSemanticTokens,
  colors: lightOnly(without(chakraSemanticTokens.colors)),
  shadows: lightOnly(chakraSemanticTokens.shadows),
};
