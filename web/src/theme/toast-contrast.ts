import { defineConfig } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/theme-parts/recipes/toast';

/**
 * Notices with WCAG AA contrast. Chakra's solid green and orange (.600) under white text reach only
 * about 3.3:1, and its description's 0.8 opacity lowers every type further; .700 with full-opacity
 * text is 5:1 or more. Merged into both the public system and the admin's full one.
 */
export const toastContrast = defineConfig({
  theme: {
    slotRecipes: {
      toast: {
        slots: toastSlotRecipe.slots,
        base: {
          root: {
            '&[data-type=warning]': { bg: 'orange.700', color: 'white' },
            '&[data-type=success]': { bg: 'green.700', color: 'white' },
            '&[data-type=error]': { bg: 'red.700', color: 'white' },
          },
          description: { opacity: '1' },
        },
      },
    },
  },
});
