import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publicFiles } from '../../scripts/public-sources.ts';
import { getSystem } from './system.ts';

/** The names public code imports from Chakra's main entry. */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const file of publicFiles()) {
    const source = readFileSync(file, 'utf8');
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const spec of list!.split(','))
        if (spec.trim() && !spec.trim().startsWith('type ')) names.add(spec.trim().split(/\s+as\s+/)[0]!);
  }
  return names;
}

// Chakra components styled by a recipe, with its key; and what needs none (layout primitives,
// providers, functions). A name in neither list fails the test until someone decides.
const recipeOf: Record<string, string> = {
  Badge: 'badge',
  Button: 'button',
  IconButton: 'button',
  Card: 'card',
  Container: 'container',
  Field: 'field',
  Heading: 'heading',
  Input: 'input',
  NativeSelect: 'nativeSelect',
  Spinner: 'spinner',
  Table: 'table',
  Tabs: 'tabs',
  Textarea: 'textarea',
  Toast: 'toast',
  Toaster: 'toast',
  createToaster: 'toast',
};
const withoutRecipe = new Set(['Box', 'Center', 'ChakraProvider', 'Flex', 'HStack', 'Portal', 'chakra']);
for (const name of [
  'SimpleGrid',
  'Stack',
  'Text',
  'createSystem',
  'defaultBaseConfig',
  'defineConfig',
  'defineGlobalStyles',
  'defineKeyframes',
  'defineRecipe',
  'defineSlotRecipe',
])
  withoutRecipe.add(name);

describe('the public design system', () => {
  it('has the recipe of every Chakra component the public pages import', () => {
    const system = getSystem();
    const used = [...chakraImports()];
    expect(used.filter((n) => !(n in recipeOf) && !withoutRecipe.has(n))).toEqual([]);
    const missing = used
      .filter((n) => n in recipeOf)
      .map((n) => recipeOf[n]!)
      .filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('styles a card as Chakra does and keeps the notices’ contrast fix', () => {
    const system = getSystem();
    const card = system.getSlotRecipeFn('card')({});
    expect(Object.keys(card)).toEqual(expect.arrayContaining(['root', 'header', 'body']));
    const toast = system.getSlotRecipe('toast') as { base: { root: Record<string, unknown> } };
    // ...on top of the rest of Chakra's recipe for each type.
    expect(toast.base.root['&[data-type=success]']).toMatchObject({
      bg: 'green.700',
      color: 'white',
      '--toast-trigger-bg': '{white/10}',
    });
    // A solid button's hover is the palette's .700, on top of Chakra's solid variant.
    const button = system.getRecipe('button') as {
      variants: { variant: { solid: Record<string, unknown> } };
    };
    expect(button.variants.variant.solid).toMatchObject({
      bg: 'colorPalette.solid',
      _hover: { bg: 'colorPalette.700' },
      _expanded: { bg: 'colorPalette.700' },
    });
  });
});
