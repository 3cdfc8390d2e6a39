import { defineRecipe, type RecipeDefinition, type SystemStyleObject } from '@chakra-ui/react';

/**
 * Solid buttons that keep WCAG AA contrast under the pointer. Chakra's solid variant lightens its
 * background on hover and when expanded (its .600 at 90% over the page): under white text that
 * falls to about 4.3:1 for blue. Here both states take the palette's .700, one step darker, which
 * raises the contrast instead (docs/web.md#design-tokens). Applied to the button recipe in both
 * the public system and the desk's full one.
 */
export function withButtonContrast(recipe: RecipeDefinition): RecipeDefinition {
  const variants = recipe.variants ?? {};
  const variant = (variants.variant ?? {}) as Record<string, SystemStyleObject>;
  const darker = { bg: 'colorPalette.700' };
  return defineRecipe({
    ...recipe,
    variants: {
      ...variants,
      variant: { ...variant, solid: { ...variant.solid, _hover: darker, _expanded: darker } },
    },
  });
}
