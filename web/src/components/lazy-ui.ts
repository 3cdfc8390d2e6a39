import { mergeConfigs, type RecipeDefinition, type SlotRecipeConfig } from '@chakra-ui/react';
import { cardSlotRecipe } from '@chakra-ui/theme-parts/recipes/card';
import { fieldSlotRecipe } from '@chakra-ui/theme-parts/recipes/field';
import { inputRecipe } from '@chakra-ui/theme-parts/recipes/input';
import { nativeSelectSlotRecipe } from '@chakra-ui/theme-parts/recipes/native-select';
import { spinnerRecipe } from '@chakra-ui/theme-parts/recipes/spinner';
import { tabsSlotRecipe } from '@chakra-ui/theme-parts/recipes/tabs';
import { textareaRecipe } from '@chakra-ui/theme-parts/recipes/textarea';
import { toastSlotRecipe } from '@chakra-ui/theme-parts/recipes/toast';
import { addRecipes, type lazyRecipeKeys } from '../theme/recipe-tables.ts';
import { toastContrast } from '../theme/toast-contrast.ts';

type Keys<K extends keyof typeof lazyRecipeKeys> = (typeof lazyRecipeKeys)[K][number];

/**
 * Chakra components that the landing page does not render on its first load (cards, form fields,
 * tabs, notices), with their recipes: those stay out of the public system and of the landing
 * page's first JavaScript until this module loads and adds them all. Import these components from
 * here, not from Chakra (a lint rule says so). A button's spinner shows only in forms, so its
 * recipe comes here too.
 */
addRecipes({
  recipes: {
    input: inputRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  } satisfies Record<Keys<'recipes'>, RecipeDefinition>,
  slotRecipes: {
    card: cardSlotRecipe,
    field: fieldSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    tabs: tabsSlotRecipe,
    toast: mergeConfigs({ theme: { slotRecipes: { toast: toastSlotRecipe } } }, toastContrast).theme!
      .slotRecipes!.toast!,
  } satisfies Record<Keys<'slotRecipes'>, SlotRecipeConfig>,
});

export {
  Card,
  createToaster,
  Field,
  Input,
  NativeSelect,
  Spinner,
  Tabs,
  Textarea,
  Toast,
  Toaster,
  type InputProps,
} from '@chakra-ui/react';
