#!/usr/bin/env node
// `npm test`: every check and every test, against a real PostgreSQL and a real browser.
// Steps stop at the first failure; the last line sums up the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-test-'));
const bin = (name) => path.join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;

function step(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

function finish(ok) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

const checks = [
  [
    'contract types are fresh',
    bin('openapi-typescript'),
    ['openapi/openapi.yaml', '-o', 'openapi/generated/schema.d.ts', '--check'],
  ],
  ['contract values are fresh', process.execPath, ['openapi/scripts/generate-values.mjs', '--check']],
  ['contract lint (Redocly)', bin('redocly'), ['lint', 'openapi/openapi.yaml', '--format', 'stylish']],
  ['typecheck api', bin('tsc'), ['-p', 'api/tsconfig.json', '--noEmit']],
  ['typecheck web', bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']],
  ['typecheck tests and scripts', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['format (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];
for (const [title, cmd, args] of checks) {
  if (!step(title, cmd, args)) {
    failed += 1;
    finish(false);
  }
}

const vitestJson = path.join(out, 'vitest.json');
const unitOk = step('unit and API tests (vitest, real PostgreSQL)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (unitOk ? 0 : r.numFailedTests === 0 ? 1 : 0);
} else if (!unitOk) failed += 1;
if (!unitOk) finish(false);

const hasE2e =
  existsSync(path.join(root, 'tests/e2e')) &&
  readdirSync(path.join(root, 'tests/e2e')).some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  if (!step('build', 'npm', ['run', 'build'])) {
    failed += 1;
    finish(false);
  }
  const pwJson = path.join(out, 'playwright.json');
  const e2eOk = step(
    'end-to-end tests (Playwright, Chromium)',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    },
  );
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
    if (!e2eOk && !s.unexpected) failed += 1;
  } else if (!e2eOk) failed += 1;
}
finish(true);
