import { defineSlotRecipe, type SlotRecipeConfig, type SystemStyleObject } from '@chakra-ui/react';

// Solid backgrounds one step darker, under full-opacity white text.
const contrast = {
  warning: { bg: 'orange.700', color: 'white' },
  success: { bg: 'green.700', color: 'white' },
  error: { bg: 'red.700', color: 'white' },
};

/**
 * Notices with WCAG AA contrast. Chakra's solid green and orange (.600) under white text reach only
 * about 3.3:1, and its description's 0.8 opacity lowers every type further; .700 with full-opacity
 * text is 5:1 or more. Applied to Chakra's toast recipe in both the public system and the admin's
 * full one (given as the recipe, so createSystem has one config less to merge at every page start).
 */
export function withToastContrast(recipe: SlotRecipeConfig): SlotRecipeConfig {
  const root = (recipe.base?.root ?? {}) as Record<string, object>;
  const byType = Object.fromEntries(
    Object.entries(contrast).map(([type, colours]) => {
      const key = `&[data-type=${type}]`;
      return [key, { ...root[key], ...colours }];
    }),
  );
  return defineSlotRecipe({
    ...recipe,
    base: {
      ...recipe.base,
      root: { ...root, ...byType } as SystemStyleObject,
      description: { ...recipe.base?.description, opacity: '1' },
    },
  });
}
