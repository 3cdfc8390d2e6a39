import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRecipeKeys } from './recipe-tables.ts';
import { getSystem } from './system.ts';

afterEach(() => vi.restoreAllMocks());

// The public system leaves some recipes out until lazy-ui.ts adds them (see recipe-tables.ts). This
// relies on Chakra reading its theme's recipe tables when a component first asks for a recipe.
describe('the public design system and its lazily added recipes', () => {
  it('says so when a component asks for a lazy recipe before it was added, and adds it on load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const system = getSystem();
    expect(system.isSlotRecipe('tabs')).toBe(false);
    system.getSlotRecipeFn('tabs');
    system.getRecipeFn('input');
    expect(error.mock.calls.map(([message]) => String(message))).toEqual([
      `Chakra's "tabs" recipe is used before it was added (see components/lazy-ui.ts).`,
      `Chakra's "input" recipe is used before it was added (see components/lazy-ui.ts).`,
    ]);
    error.mockClear();

    await import('../components/lazy-ui.ts');
    for (const key of lazyRecipeKeys.recipes) expect(system.isRecipe(key), key).toBe(true);
    for (const key of lazyRecipeKeys.slotRecipes) expect(system.isSlotRecipe(key), key).toBe(true);
    // A recipe looked up after it was added styles as a built-in one does.
    const card = system.getSlotRecipeFn('card')({});
    expect(Object.keys(card)).toEqual(expect.arrayContaining(['root', 'header', 'body']));
    expect(system.getRecipeFn('button')({})).toBeTruthy();
    // The notices keep their contrast fix (theme/toast-contrast.ts) in the lazily added recipe.
    const toast = system.getSlotRecipe('toast') as { base: { root: Record<string, unknown> } };
    expect(toast.base.root['&[data-type=success]']).toMatchObject({ bg: 'green.700', color: 'white' });
    expect(error).not.toHaveBeenCalled();
  });

  it('raises no error for the recipes it is built with, or for components without one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const system = getSystem();
    for (const key of ['button', 'badge', 'heading', 'container', 'text', 'icon']) system.getRecipeFn(key);
    expect(error).not.toHaveBeenCalled();
  });
});
