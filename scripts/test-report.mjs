// What `npm test` (scripts/test.mjs) prints at its end, read from the runners' JSON reports: the
// tests each runner counted and its slowest files, and the machine it ran on (its load and a
// yardstick), so that two runs' times can be compared (docs/testing.md#measuring).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The report at `file` parsed, or undefined when its stage did not run (or left no whole report). */
export function readReport(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report: its counts, and each file's time (start to end). */
export function vitestSummary(report) {
  const files = (report.testResults ?? []).map((f) => ({
    file: f.name ?? '?',
    ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)),
    tests: f.assertionResults?.length ?? 0,
  }));
  const failures = (report.testResults ?? []).flatMap((f) => {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    // A file that failed to load has no failed test of its own: its message says why.
    if (failed.length === 0 && f.status === 'failed')
      return [{ file: f.name ?? '?', test: '(the file)', message: f.message ?? '' }];
    return failed.map((a) => ({
      file: f.name ?? '?',
      test: a.fullName ?? a.title ?? '?',
      message: (a.failureMessages ?? [])[0] ?? '',
    }));
  });
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    files,
    failures,
  };
}

/**
 * Playwright's JSON report: its counts, and each file's time, the sum of its tests' runs (each
 * run's time holds its hooks and fixtures; files run side by side, so these add up to more than
 * the stage took).
 */
export function playwrightSummary(report) {
  const byFile = new Map();
  const failures = [];
  const visit = (suite, file) => {
    const here = file;
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(here) ?? { file: here, ms: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.ms += result.duration ?? 0;
        const bad = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (bad && test.status !== 'expected' && test.status !== 'skipped')
          failures.push({
            file: here,
            test: `${test.projectName ? `[${test.projectName}] ` : ''}${spec.title ?? '?'}`,
            message: bad.error?.message ?? bad.status ?? '',
          });
      }
      byFile.set(here, entry);
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  // Files are named from the test folder (config.rootDir): named from the repository, as Vitest's.
  const dir = report.config?.rootDir;
  for (const suite of report.suites ?? []) {
    const file = suite.file ?? suite.title ?? '?';
    visit(suite, dir ? path.join(dir, file) : file);
  }
  const s = report.stats ?? {};
  return {
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
    skipped: s.skipped ?? 0,
    files: [...byFile.values()],
    failures,
  };
}

/**
 * Each failed test as a line (its file from the repository, its name, the first line of its
 * error), at most `count`: a CI log that keeps only its end still says what failed.
 */
export function failureLines(failures, root, count = 20) {
  // eslint-disable-next-line no-control-regex -- colour codes in the runners' messages
  const plain = (t) => String(t).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = failures.slice(0, count).map((f) => {
    const name = path.isAbsolute(f.file) ? path.relative(root, f.file) : f.file;
    const first =
      plain(f.message)
        .split('\n')
        .find((l) => l.trim() !== '') ?? '';
    return `  ${name} > ${plain(f.test)}${first ? `\n      ${first.trim().slice(0, 300)}` : ''}`;
  });
  if (failures.length > count) lines.push(`  ... and ${failures.length - count} more`);
  return lines;
}

/** The `count` slowest files, slowest first, as lines. */
export function slowestLines(files, root, count = 15) {
  return [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((f) => {
      const name = path.isAbsolute(f.file) ? path.relative(root, f.file) : f.file;
      return `  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${name} (${f.tests} ${f.tests === 1 ? 'test' : 'tests'})`;
    });
}

/**
 * A fixed piece of CPU work (SHA-256 over 256 MiB, in 1 KiB blocks, on one core) timed: its rate in
 * MiB/s says how fast a core was for this run, beside the load. About a second on a quiet core.
 */
export function yardstick() {
  const block = Buffer.alloc(1024, 7);
  const started = process.hrtime.bigint();
  for (let i = 0; i < 256 * 1024; i++) createHash('sha256').update(block).digest();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, mibPerSecond: 256 / seconds };
}

/** The load average over 1, 5 and 15 minutes, as `1.20 / 0.80 / 0.50`. */
export function loadLine() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

export const cores = () => os.cpus().length;
