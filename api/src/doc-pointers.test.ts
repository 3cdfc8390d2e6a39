import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * Where the repository points into the docs. Not `db/`: a landed migration is never edited, so its
 * comments describe the code of their day.
 */
const POINTING = [
  'api/src',
  'api/test',
  'web/src',
  'openapi/openapi.yaml',
  'scripts',
  'bench',
  'deploy',
  'tests',
  'docs',
  'README.md',
  '.env.example',
  'docker-compose.yml',
  'docker-compose.sso.yml',
  'Dockerfile.api',
  'Dockerfile.web',
];
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

function files(entry: string): string[] {
  if (!existsSync(path.join(root, entry))) return [];
  if (!statSync(path.join(root, entry)).isDirectory()) return [entry];
  return readdirSync(path.join(root, entry), { withFileTypes: true })
    .filter((d) => !SKIPPED.has(d.name))
    .flatMap((d) => files(path.join(entry, d.name)));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchors(doc: string): Set<string> {
  const text = read(doc);
  return new Set([
    ...[...text.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)),
  ]);
}

describe('pointers into the docs', () => {
  it('name a section or anchor that each doc has', () => {
    const docs = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of POINTING.flatMap(files)) {
      if (!/\.(ts|tsx|mts|mjs|js|cjs|md|ya?ml|sh|conf|template|example|api|web|sql)$/.test(file)) continue;
      const text = read(file);
      // `docs/operations.md#email`, and within a doc its own `(#email)` links.
      const pointers = [...text.matchAll(/(?:docs\/)?([a-z-]+)\.md#([a-z0-9-]+)/g)]
        .map((m) => ({ doc: `docs/${m[1]}.md`, anchor: m[2]! }))
        .filter(({ doc }) => existsSync(path.join(root, doc)));
      if (file.startsWith('docs/'))
        for (const m of text.matchAll(/\]\(#([a-z0-9-]+)\)/g)) pointers.push({ doc: file, anchor: m[1]! });
      for (const { doc, anchor } of pointers) {
        if (!docs.has(doc)) docs.set(doc, anchors(doc));
        if (!docs.get(doc)!.has(anchor)) broken.push(`${file}: ${doc}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
