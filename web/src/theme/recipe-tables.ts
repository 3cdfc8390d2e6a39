import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';

/** The recipes that lazily loaded code adds (see components/lazy-ui.ts). */
export const lazyRecipeKeys = {
  recipes: ['input', 'spinner', 'textarea'],
  slotRecipes: ['card', 'field', 'nativeSelect', 'tabs', 'toast'],
} as const;

const tables = {
  recipes: {} as Record<string, RecipeDefinition>,
  slotRecipes: {} as Record<string, SlotRecipeConfig>,
};

/**
 * Adds recipes to the public system, before or after it is built: Chakra looks a recipe up in its
 * theme's tables when a component first renders with it, and those tables are these (see
 * shareRecipeTables). This module imports nothing, so lazily loaded code can add its recipes
 * without drawing the system into its chunk.
 */
export function addRecipes(parts: {
  recipes?: Record<string, RecipeDefinition>;
  slotRecipes?: Record<string, SlotRecipeConfig>;
}): void {
  Object.assign(tables.recipes, parts.recipes);
  Object.assign(tables.slotRecipes, parts.slotRecipes);
}

/** Makes the tables above the built system's own, with the recipes it was built with. */
export function shareRecipeTables(theme: {
  recipes?: Record<string, RecipeDefinition>;
  slotRecipes?: Record<string, SlotRecipeConfig>;
}): void {
  theme.recipes = Object.assign(tables.recipes, theme.recipes);
  theme.slotRecipes = Object.assign(tables.slotRecipes, theme.slotRecipes);
}
