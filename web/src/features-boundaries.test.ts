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

describe('feature boundaries', () => {
  it('finds the features', () => {
    expect(features).toEqual(expect.arrayContaining(['desk', 'landing', 'lead-forms']));
  });

  // Routes compose the features; a feature imports none of the others.
  it.each(features)('the %s feature imports no other feature', (feature) => {
    const own = path.join(featuresDir, feature);
    const crossings: string[] = [];
    for (const file of filesUnder(own)) {
      const source = readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(file), spec!);
        if (target.startsWith(featuresDir + path.sep) && !target.startsWith(own + path.sep)) {
          crossings.push(`${path.relative(featuresDir, file)} -> ${spec}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
