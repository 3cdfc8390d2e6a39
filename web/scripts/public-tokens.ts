// Writes src/theme/public-tokens.gen.ts: the design tokens of the public pages' Chakra system, that is
// Chakra's default tokens less those no public style can name, light scheme only. Every token is a
// CSS variable the system computes each time a page starts, so the fewer the faster
// (docs/web.md#design-tokens).
//   node --import tsx scripts/public-tokens.ts            writes the file
//   node --import tsx scripts/public-tokens.ts --check    fails when it is stale
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultBaseConfig } from '@chakra-ui/react';
import {
  animationStyles,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import prettier from 'prettier';
import ts from 'typescript';
import { publicRecipes } from '../src/theme/public-recipes.ts';
import { publicFiles, webSrc } from './public-sources.ts';

export const outFile = path.join(webSrc, 'theme/public-tokens.gen.ts');

type Tree = { [key: string]: Tree | unknown };
const isLeaf = (node: unknown): node is { value: unknown } =>
  typeof node === 'object' && node !== null && 'value' in node;

/**
 * The literals a source file holds: string and number literals, which is where a style names a
 * token (`color="gray.700"`, `p={4}`). A token name put together at run time would not be seen, so
 * a template literal that looks like one (`${palette}.500`) is refused.
 */
export function sourceLiterals(file: string, text: string): { words: string[]; refused: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const words: string[] = [];
  const refused: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node))
      words.push(node.text);
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (parts.some((p, i) => (i > 0 && /^\.\w/.test(p)) || (i < parts.length - 1 && /\w\.$/.test(p)))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        refused.push(`${file}:${line + 1}: ${node.getText()}`);
      }
      words.push(...parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { words, refused };
}

/** The literals in Chakra's configs the public system is built from, functions' bodies included. */
export function configLiterals(...configs: unknown[]): string[] {
  const words: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string' || typeof v === 'number') words.push(String(v));
    else if (typeof v === 'function')
      for (const m of String(v).matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) words.push(m[2]!);
    else if (v && typeof v === 'object')
      for (const [key, child] of Object.entries(v)) {
        words.push(key);
        walk(child);
      }
  };
  configs.forEach(walk);
  return words;
}

/**
 * The names a set of literals can refer to: `{colors.gray.200}`, `token(sizes.sm)`,
 * `colorPalette.solid/90` and `-4` name `colors.gray.200`, `sizes.sm`, `colorPalette.solid` and `4`.
 */
export function namesIn(words: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const word of words)
    for (const piece of word.split(/[\s,;:!'"(){}[\]]+/)) {
      const name = piece.replace(/^-/, '').replace(/\/\d+$/, '');
      if (name) names.add(name);
    }
  return names;
}

/** `{ _light, _dark }` values become their light value: the site has one colour scheme. */
function lightOnly(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && '_light' in value) return value._light;
  return value;
}

function leaves(tree: Tree, at: string[] = []): [string[], { value: unknown }][] {
  return Object.entries(tree).flatMap(([key, node]) =>
    isLeaf(node)
      ? [[[...at, key], node] as [string[], { value: unknown }]]
      : leaves(node as Tree, [...at, key]),
  );
}

function setAt(tree: Tree, at: string[], leaf: unknown) {
  let node = tree;
  for (const key of at.slice(0, -1)) node = (node[key] ??= {}) as Tree;
  node[at.at(-1)!] = leaf;
}

/**
 * Chakra's tokens that `names` can reach: a token is kept when its name (`gray.700`, `4`, `sm`; with
 * or without its category) is among them, when a kept token refers to it, and, for a palette named
 * among them (`colorPalette="blue"`), its semantic tokens (`blue.solid`) and each shade they name as
 * `colorPalette.<shade>` (`blue.500`).
 */
export function publicTokens(names: Set<string>, base: Tree = tokens, semantic: Tree = semanticTokens) {
  const all = [
    ...leaves(base).map(([at, leaf]) => ({ tree: 'tokens' as const, at, value: leaf.value, leaf })),
    ...leaves(semantic).map(([at, leaf]) => ({
      tree: 'semanticTokens' as const,
      at,
      value: lightOnly(leaf.value),
      leaf: { ...leaf, value: lightOnly(leaf.value) },
    })),
  ];
  const nameOf = (at: string[]) => at.filter((k) => k !== 'DEFAULT').join('.');
  // `colorPalette.solid` and, in a CSS variable's value, `colors.colorPalette.border`.
  const paletteKeys = new Set(
    [...names].flatMap((n) => n.match(/^(?:colors\.)?colorPalette\.(.+)$/)?.slice(1) ?? []),
  );
  const named = (tree: 'tokens' | 'semanticTokens', at: string[]) => {
    const name = nameOf(at.slice(1));
    if (names.has(name) || names.has(nameOf(at))) return true;
    const [category, palette, ...key] = at;
    if (category !== 'colors' || !names.has(palette!)) return false;
    // A palette's semantic keys are few and each element with the palette sets them all; its
    // shades only as the styles name them.
    return tree === 'semanticTokens' || paletteKeys.has(nameOf(key));
  };
  const kept = new Set(all.filter((t) => named(t.tree, t.at)));
  // A kept token's value may refer to others (`{colors.gray.200}`): those are kept too.
  for (let grew = true; grew;) {
    grew = false;
    for (const t of [...kept])
      for (const ref of namesIn(JSON.stringify(t.value).match(/\{[^}]+\}/g) ?? []))
        for (const other of all)
          if (!kept.has(other) && nameOf(other.at) === ref) {
            kept.add(other);
            grew = true;
          }
  }
  const out = { tokens: {} as Tree, semanticTokens: {} as Tree };
  for (const t of all) if (kept.has(t)) setAt(out[t.tree], t.at, t.leaf);
  return out;
}

/** Everything the public pages' styles can name: their source files and the system's configs. */
export function publicNames() {
  const words: string[] = [];
  const refused: string[] = [];
  for (const file of publicFiles()) {
    const found = sourceLiterals(path.relative(webSrc, file), readFileSync(file, 'utf8'));
    words.push(...found.words);
    refused.push(...found.refused);
  }
  words.push(
    ...configLiterals(
      defaultBaseConfig,
      publicRecipes,
      globalCss,
      textStyles,
      layerStyles,
      animationStyles,
      keyframes,
    ),
  );
  return { names: namesIn(words), refused };
}

export async function generate(): Promise<string> {
  const { names, refused } = publicNames();
  if (refused.length)
    throw new Error(
      `A style must name its tokens as literals (docs/web.md#design-tokens); these build a name at run time:\n  ${refused.join('\n  ')}`,
    );
  const kept = publicTokens(names);
  const text = `// Generated by web/scripts/public-tokens.ts (\`npm run tokens -w web\`): do not edit.
// Chakra's default design tokens that the public pages' styles can name, light values only
// (docs/web.md#design-tokens).
export const tokens = ${JSON.stringify(kept.tokens)};

export const semanticTokens = ${JSON.stringify(kept.semanticTokens)};
`;
  const options = await prettier.resolveConfig(outFile);
  return prettier.format(text, { ...options, filepath: outFile });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generate();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outFile, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), outFile)} is stale: run \`npm run tokens -w web\``);
      process.exit(1);
    }
  } else writeFileSync(outFile, text);
}
