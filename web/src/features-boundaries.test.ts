import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const features = readdirSync(featuresDir).filter((f) => statSync(path.join(featuresDir, f)).isDirectory());

/** Every relative import of a file, as written and as resolved. */
function relativeImports(file: string): { spec: string; target: string }[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(([, spec]) => ({
    spec: spec!,
    target: path.resolve(path.dirname(file), spec!),
  }));
}

describe('feature boundaries', () => {
  it('finds the features', () => {
    expect(features).toEqual(expect.arrayContaining(['desk', 'landing', 'lead-forms']));
  });

  // Routes compose the features; a feature imports none of the others.
  it.each(features)('the %s feature imports no other feature', (feature) => {
    const own = path.join(featuresDir, feature);
    const crossings: string[] = [];
    for (const file of filesUnder(own)) {
      for (const { spec, target } of relativeImports(file)) {
        if (target.startsWith(featuresDir + path.sep) && !target.startsWith(own + path.sep)) {
          crossings.push(`${path.relative(featuresDir, file)} -> ${spec}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});

// The desk is one folder per capability, as the API is; capabilities import no other capability,
// what several need lives in shared/ (which imports none of them), and a page that shows several
// composes them in its route (docs/web.md#desk-capabilities).
const deskDir = path.join(featuresDir, 'desk');

/** A file's capability: its first folder under desk/ (undefined for a file outside them). */
function capabilityOf(file: string): string | undefined {
  const rel = path.relative(deskDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** The import from one capability into another (or from shared/ into one), said plainly. */
function crossing(file: string, spec: string): string | undefined {
  const from = capabilityOf(file);
  const to = capabilityOf(path.resolve(path.dirname(file), spec));
  if (from === undefined || to === undefined || to === from || to === 'shared') return undefined;
  return `${path.relative(deskDir, file)} -> ${spec} (${from} -> ${to})`;
}

describe('desk capability boundaries', () => {
  const capabilities = readdirSync(deskDir).filter((f) => statSync(path.join(deskDir, f)).isDirectory());

  it('finds the capabilities', () => {
    expect(capabilities.sort()).toEqual(
      [
        'audit',
        'demos',
        'leads',
        'mail',
        'notes',
        'privacy',
        'security',
        'spam',
        'session',
        'shared',
        'team',
        'webhooks',
      ].sort(),
    );
  });

  it.each(capabilities)('the desk %s capability imports no other capability', (capability) => {
    const crossings = filesUnder(path.join(deskDir, capability)).flatMap((file) =>
      relativeImports(file).flatMap(({ spec }) => crossing(file, spec) ?? []),
    );
    expect(crossings).toEqual([]);
  });

  it('tells a crossing from an import inside a capability or from shared/', () => {
    const list = path.join(deskDir, 'leads', 'components', 'lead-list.tsx');
    expect(crossing(list, '../../mail/api/follow-up.ts')).toBe(
      'leads/components/lead-list.tsx -> ../../mail/api/follow-up.ts (leads -> mail)',
    );
    expect(crossing(list, '../api/leads.ts')).toBeUndefined();
    expect(crossing(list, '../../shared/format.ts')).toBeUndefined();
    expect(crossing(list, '../../../../lib/api-client.ts')).toBeUndefined();
    const format = path.join(deskDir, 'shared', 'format.ts');
    expect(crossing(format, '../session/api/sign-in.ts')).toBe(
      'shared/format.ts -> ../session/api/sign-in.ts (shared -> session)',
    );
  });
});
