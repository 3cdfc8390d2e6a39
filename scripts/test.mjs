#!/usr/bin/env node
// `npm test`: every check and every test, against a real PostgreSQL and a real browser.
// Three lanes side by side: the checks that read the sources (contract, types, lint, format) and
// the build, one after another; the unit and API tests, which need no build; and the browser tests,
// which start as soon as the build is done (the contract's freshness checks come first, so a stale
// contract stops the run within seconds). Nothing later starts after a failure. At the end it
// prints each step's time, each runner's counts and slowest files, and the machine's load and a
// yardstick (scripts/test-report.mjs, docs/testing.md#measuring); the last line sums up the test
// counts, and the exit code is non-zero if any lane failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cores,
  loadLine,
  playwrightSummary,
  readReport,
  slowestLines,
  failureLines,
  vitestSummary,
  yardstick,
} from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-test-'));
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const began = Date.now();
let passed = 0;
let failed = 0;
const loadAtStart = loadLine();
/** Each step's title and time, in the order they ended. */
const timings = [];
const vitestJson = path.join(out, 'vitest.json');
const pwJson = path.join(out, 'playwright.json');

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs one step. A `live` step writes to the terminal as it goes; the others' output is kept and
 * printed whole when they end, so steps that run side by side do not interleave their lines.
 */
function step(title, cmd, args, { env = {}, live = false, background = false } = {}) {
  if (live) console.log(`\n=== ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    // A background step takes the cores the tests leave idle (they wait on servers and browsers
    // often): it is not what the run waits for, so it should not slow what it does wait for.
    if (background && child.pid !== undefined)
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // a platform without priorities: it runs at the same one
      }
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      if (!live) {
        console.log(`\n=== ${title}`);
        const text = Buffer.concat(chunks).toString();
        if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      }
      console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)}`);
      timings.push({ title, ms: Date.now() - started, ok });
      resolve(ok);
    });
  });
}

/** Runs the steps `width` at a time; resolves with whether all passed (none starts after a failure). */
async function pool(steps, width, { background = false } = {}) {
  let next = 0;
  let allOk = true;
  const lane = async () => {
    while (allOk && next < steps.length) {
      const [title, cmd, args] = steps[next++];
      if (!(await step(title, cmd, args, { background }))) allOk = false;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return allOk;
}

/** What the run measured; nothing in it may keep the last line from being printed. */
function summary() {
  const total = seconds(began);
  const failedTests = [];
  console.log('\n=== summary');
  for (const t of timings)
    console.log(`  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.title}${t.ok ? '' : ' (FAILED)'}`);
  for (const [runner, file, read] of [
    ['vitest', vitestJson, vitestSummary],
    ['playwright', pwJson, playwrightSummary],
  ]) {
    const report = readReport(file);
    if (!report) {
      console.log(`\n${runner}: no report (it did not run, or did not finish)`);
      continue;
    }
    const r = read(report);
    console.log(`\n${runner}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
    console.log(`${runner}: the 15 slowest files`);
    for (const line of slowestLines(r.files, root)) console.log(line);
    failedTests.push(...r.failures.map((f) => ({ ...f, runner })));
  }

  const y = yardstick();
  console.log(`\nnpm test: ${total} in all`);
  console.log(
    `machine: ${cores()} cores, load (1, 5, 15 min) ${loadAtStart} at the start, ${loadLine()} at the end`,
  );
  console.log(
    `yardstick: SHA-256 at ${y.mibPerSecond.toFixed(0)} MiB/s on one core (${y.seconds.toFixed(2)} s)`,
  );
  // Last before the totals, so that the end of a CI log names what failed.
  if (failedTests.length > 0) {
    console.log('\nfailed tests:');
    for (const line of failureLines(failedTests, root)) console.log(line);
  }
}

function finish(ok) {
  try {
    summary();
  } catch (err) {
    console.log(`\n(the summary failed: ${err instanceof Error ? err.message : String(err)})`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

const hasE2e =
  existsSync(path.join(root, 'tests/e2e')) &&
  readdirSync(path.join(root, 'tests/e2e')).some((f) => f.endsWith('.spec.ts'));

// The quick ones first, so a stale contract shows within seconds; then the build, which the browser
// tests wait for; then the rest, beside them.
const freshness = [
  [
    'contract types are fresh',
    bin('openapi-typescript'),
    ['openapi/openapi.yaml', '-o', 'openapi/generated/schema.d.ts', '--check'],
  ],
  ['contract values are fresh', process.execPath, ['openapi/scripts/generate-values.mjs', '--check']],
];
const build = hasE2e ? [['build', 'npm', ['run', 'build']]] : [];
const checks = [
  ['contract lint (Redocly)', bin('redocly'), ['lint', 'openapi/openapi.yaml', '--format', 'stylish']],
  ['format (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['typecheck api', bin('tsc'), ['-p', 'api/tsconfig.json', '--noEmit']],
  ['typecheck web', bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']],
  ['typecheck tests and scripts', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  [
    'no import cycle in api/src (dependency-cruiser)',
    bin('depcruise'),
    ['api/src', '--config', '.dependency-cruiser.cjs'],
  ],
];

/** Whether the unit and API tests have ended and failed: the browser tests do not start then. */
let unitEndedFailed = false;

/** The browser tests; their output is printed whole when they end, after Vitest's live lines. */
function e2e() {
  console.log('\n=== end-to-end tests (Playwright, Chromium): started, beside the rest');
  return step(
    'end-to-end tests (Playwright, Chromium)',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    },
  );
}

/** Resolves with the browser tests' run, or undefined when they did not start. */
let e2eRun;
const checksStarted = Date.now();
const checksLane = (async () => {
  let ok = await pool([...freshness, ...build], 1);
  if (ok && hasE2e && !unitEndedFailed) e2eRun = e2e();
  // The checks that read the sources run beside both test runners, at a lower priority.
  if (ok) ok = await pool(checks, 1, { background: true });
  timings.push({ title: 'the checks and the build, one after another', ms: Date.now() - checksStarted, ok });
  return ok;
})();
const unitLane = step(
  'unit and API tests (vitest, real PostgreSQL)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { live: true },
).then((ok) => {
  if (!ok) unitEndedFailed = true;
  return ok;
});
const [checksOk, unitOk] = await Promise.all([checksLane, unitLane]);
const e2eOk = e2eRun ? await e2eRun : undefined;

if (!checksOk) failed += 1;
// The JSON report decides, not only the exit code: a failed test is a failure whatever Vitest's
// exit status says.
const r = readReport(vitestJson);
if (r) {
  passed += r.numPassedTests;
  failed += r.numFailedTests + (unitOk ? 0 : r.numFailedTests === 0 ? 1 : 0);
  if (unitOk && (r.numFailedTests > 0 || r.success === false)) {
    // A file that failed to load counts as one failure even when none of its tests ran.
    if (r.numFailedTests === 0) failed += Math.max(1, r.numFailedTestSuites ?? 0);
    console.log(`=== unit and API tests: FAILED (the report lists failures)`);
  }
} else if (!unitOk || existsSync(vitestJson)) {
  // No report from a failed run, or a report that cannot be read: one failure.
  failed += 1;
}

if (e2eOk !== undefined) {
  const pwReport = readReport(pwJson);
  if (pwReport) {
    const s = pwReport.stats ?? {};
    passed += s.expected ?? 0;
    // A test that did not run (its project's dependency failed) is a failure too.
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0) + (s.skipped ?? 0);
    if (!e2eOk && !s.unexpected) failed += 1;
  } else failed += 1;
}
// Browser tests that did not start (a check before them or the API tests failed) add no failure of
// their own: what stopped them is counted.
finish(failed === 0);
