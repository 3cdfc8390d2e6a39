import { readFileSync } from 'node:fs';
import {
  globalCss,
  layerStyles,
  semanticTokens as chakraSemanticTokens,
  textStyles,
  tokens as chakraTokens,
} from '@chakra-ui/react/theme';
import type { SystemStyleObject } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { generate, namesIn, outFile, publicTokens, sourceLiterals } from '../../scripts/public-tokens.ts';
import { publicRecipes } from './public-recipes.ts';
import { createPublicSystem, getSystem } from './system.ts';

type Style = SystemStyleObject;

/** Every style object in a recipe: its base and variants, per slot for a slot recipe. */
function recipeStyles(recipe: Record<string, unknown>, slots: boolean): Style[] {
  const variants = Object.values((recipe.variants ?? {}) as Record<string, Record<string, Style>>).flatMap(
    (values) => Object.values(values),
  );
  const compound = ((recipe.compoundVariants ?? []) as { css: Style }[]).map((c) => c.css);
  const styles = [(recipe.base ?? {}) as Style, ...variants, ...compound];
  return slots ? styles.flatMap((s) => Object.values(s) as Style[]) : styles;
}

type Tree = Record<string, Record<string, unknown>>;

describe('the public pages’ design tokens', () => {
  it('are current: public-tokens.gen.ts is what the generator writes from today’s sources', async () => {
    // When this fails, run `npm run tokens -w web` and commit the file.
    expect(readFileSync(outFile, 'utf8')).toBe(await generate());
  });

  it('keep what a style names and what that refers to, and nothing else', () => {
    const kept = publicTokens(namesIn(['fg.muted', 'gray.700', '4']));
    const tokens = kept.tokens as Tree;
    const colors = tokens.colors as Record<string, Record<string, unknown>>;
    expect(Object.keys(colors.gray!).sort()).toEqual(['600', '700']); // fg.muted is {colors.gray.600}
    expect(colors.teal).toBeUndefined();
    expect(Object.keys(tokens.spacing!)).toEqual(['4']);
    // One colour scheme: a semantic token keeps its light value only.
    expect((kept.semanticTokens as Tree).colors!.fg).toEqual({ muted: { value: '{colors.gray.600}' } });
  });

  it('keep, for a palette a page names, its semantic tokens and the shades styles name', () => {
    const kept = publicTokens(namesIn(['blue', 'colorPalette.50']));
    const semantic = (kept.semanticTokens as Tree).colors as Record<string, Record<string, unknown>>;
    const base = (kept.tokens as Tree).colors as Record<string, Record<string, unknown>>;
    expect(Object.keys(semantic.blue!).sort()).toEqual(
      ['border', 'contrast', 'emphasized', 'fg', 'focusRing', 'muted', 'solid', 'subtle'].sort(),
    );
    // 50 as named; the others as the semantic tokens refer to them (blue.solid is {colors.blue.600}).
    expect(Object.keys(base.blue!).sort()).toEqual(['100', '200', '300', '50', '500', '600', '700']);
    expect(semantic.red).toBeUndefined();
  });

  it('read token names out of references, functions, opacities and negative values', () => {
    expect([
      ...namesIn(['{colors.gray.200}', 'token(sizes.sm, 1px)', 'colorPalette.solid/90', '-4']),
    ]).toEqual(expect.arrayContaining(['colors.gray.200', 'sizes.sm', 'colorPalette.solid', '4']));
  });

  it('refuse a token name put together at run time, which no scan can see', () => {
    const ok = sourceLiterals('a.tsx', 'const a = <Box p={4} color="gray.700" w={`${n}px`} />;');
    expect(ok.refused).toEqual([]);
    expect(ok.words).toEqual(expect.arrayContaining(['4', 'gray.700']));
    const built = sourceLiterals('b.tsx', 'const b = <Box color={`${palette}.500`} bg={`blue.${shade}`} />;');
    expect(built.refused).toHaveLength(2);
    expect(built.refused[0]).toMatch(/^b\.tsx:1: /);
  });

  it('style every recipe, global style, text style and layer style as Chakra’s full token set does', () => {
    // Chakra writes a token it does not know as the raw name (`colorPalette.border`): any style
    // whose tokens were left out comes out different.
    const full = createPublicSystem({ tokens: chakraTokens, semanticTokens: chakraSemanticTokens });
    const lean = getSystem();
    const styles: Style[] = [
      ...Object.values(publicRecipes.recipes).flatMap((r) =>
        recipeStyles(r as unknown as Record<string, unknown>, false),
      ),
      ...Object.values(publicRecipes.slotRecipes).flatMap((r) =>
        recipeStyles(r as unknown as Record<string, unknown>, true),
      ),
      globalCss as Style,
      ...Object.keys(textStyles).map((textStyle) => ({ textStyle })),
      ...Object.keys(layerStyles).map((layerStyle) => ({ layerStyle })),
    ];
    expect(styles.length).toBeGreaterThan(100);
    const differing = styles.filter((s) => JSON.stringify(lean.css(s)) !== JSON.stringify(full.css(s)));
    expect(differing).toEqual([]);
  });

  it('give the public system what its pages use, and leave out the palettes they do not', () => {
    const system = getSystem();
    for (const name of [
      'colors.gray.700',
      'colors.purple.500',
      'colors.blue.solid',
      'colors.fg.muted',
      'spacing.4',
    ])
      expect(system.token(name), name).toBeTruthy();
    for (const name of ['colors.teal.500', 'colors.pink.solid', 'colors.gray.950'])
      expect(system.token(name), name).toBeUndefined();
  });
});
