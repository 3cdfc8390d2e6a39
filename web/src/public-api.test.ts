import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Libraries through their public entry points only (docs/web.md#libraries): a private file can
// change or vanish in any minor release.
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [p] : [];
  });
}

const webSources = () => [
  ...sources(path.join(web, 'src')),
  ...sources(path.join(web, 'scripts')),
  path.join(web, 'vite.config.ts'),
];

/** Every module specifier of a file: static imports, re-exports and dynamic imports. */
function specifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

function packageJson(name: string, from: string): { exports?: unknown } | undefined {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { exports?: unknown };
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** Whether `subpath` ('.' or './x') is an entry point the package's `exports` map declares. */
function isExported(exports: unknown, subpath: string): boolean {
  if (exports === undefined) return subpath === '.';
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.';
  const keys = Object.keys(exports as object);
  if (!keys.some((k) => k.startsWith('.'))) return subpath === '.'; // conditions only: the root
  return keys.some((key) => {
    const star = key.indexOf('*');
    if (star === -1) return key === subpath;
    return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1));
  });
}

describe('the web app uses libraries through their public entry points', () => {
  it('imports only entry points that packages export', () => {
    const privateImports: string[] = [];
    for (const file of webSources()) {
      for (const imported of specifiers(file)) {
        // A Vite query (`?url`, `?raw`) says how to load the module, not which one.
        const spec = imported.split('?')[0]!;
        if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
        const parts = spec.split('/');
        const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        const subpath = spec === name ? '.' : `.${spec.slice(name.length)}`;
        const pkg = packageJson(name, file);
        if (!pkg || !isExported(pkg.exports, subpath))
          privateImports.push(`${path.relative(root, file)}: ${imported}`);
      }
    }
    expect(privateImports).toEqual([]);
  });

  it('has no build or type-check alias into a package’s files', () => {
    const configs = ['web/vite.config.ts', 'vitest.config.ts', 'web/tsconfig.json', 'tsconfig.json'];
    const offending = configs.filter((f) =>
      /node_modules|\/dist\/|theme-parts/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(offending).toEqual([]);
  });

  it('is enforced by the linter too: importing a file of a package’s build output is an error', async () => {
    const eslint = new ESLint({ cwd: root });
    // Put together here so that a search of the sources for such imports finds only real ones.
    const privateFile = ['@chakra-ui/react', 'dist', 'esm', 'theme', 'recipes', 'button.js'].join('/');
    const [result] = await eslint.lintText(
      `import { buttonRecipe } from '${privateFile}';\nexport { buttonRecipe };\n`,
      { filePath: path.join(web, 'src/example.ts') },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});
