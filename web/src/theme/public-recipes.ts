import {
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  nativeSelectSlotRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { withButtonContrast } from './button-contrast.ts';
import { withToastContrast } from './toast-contrast.ts';

/**
 * The recipes of the Chakra components the public pages render. A component whose recipe is not
 * here renders unstyled, so system.test.ts checks this list against the components they import.
 */
export const publicRecipes = {
  recipes: {
    badge: badgeRecipe,
    button: withButtonContrast(buttonRecipe),
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
