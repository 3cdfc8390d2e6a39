import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  failureLines,
  playwrightSummary,
  readReport,
  slowestLines,
  vitestSummary,
  yardstick,
} from '../../scripts/test-report.mjs';

// What `npm test` prints at its end (scripts/test-report.mjs): counts and slowest files per runner.
describe("npm test's summary", () => {
  it('reads no report from a stage that did not run, or left half a file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-summary-'));
    try {
      expect(readReport(path.join(dir, 'missing.json'))).toBeUndefined();
      await writeFile(path.join(dir, 'cut.json'), '{"numPassedTests": 3, "testR');
      expect(readReport(path.join(dir, 'cut.json'))).toBeUndefined();
      await writeFile(path.join(dir, 'whole.json'), '{"numPassedTests": 3}');
      expect(readReport(path.join(dir, 'whole.json'))).toEqual({ numPassedTests: 3 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("counts Vitest's tests and times its files from start to end", () => {
    const r = vitestSummary({
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        { name: '/repo/api/test/a.test.ts', startTime: 1000, endTime: 4500, assertionResults: [{}, {}] },
        { name: '/repo/api/test/b.test.ts', startTime: 1000, endTime: 1200, assertionResults: [{}] },
      ],
    });
    expect(r).toMatchObject({ passed: 5, failed: 1, skipped: 3 });
    expect(slowestLines(r.files, '/repo', 1)).toEqual(['      3.5 s  api/test/a.test.ts (2 tests)']);
    expect(vitestSummary({})).toEqual({ passed: 0, failed: 0, skipped: 0, files: [], failures: [] });
  });

  it('names each failed test with the first line of its error, a file that did not load too', () => {
    const v = vitestSummary({
      testResults: [
        {
          name: '/repo/api/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            {
              status: 'failed',
              fullName: 'a > breaks',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: '/repo/api/test/b.test.ts',
          status: 'failed',
          message: 'Error: no database',
          assertionResults: [],
        },
        { name: '/repo/api/test/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    const p = playwrightSummary({
      suites: [
        {
          file: 'desk.spec.ts',
          specs: [
            {
              title: 'signs in',
              tests: [
                {
                  projectName: 'desktop',
                  status: 'unexpected',
                  results: [{ status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.' } }],
                },
                { projectName: 'mobile', status: 'expected', results: [{ status: 'passed' }] },
              ],
            },
          ],
        },
      ],
    });
    expect(failureLines([...v.failures, ...p.failures], '/repo')).toEqual([
      '  api/test/a.test.ts > a > breaks\n      AssertionError: expected 1 to be 2',
      '  api/test/b.test.ts > (the file)\n      Error: no database',
      '  desk.spec.ts > [desktop] signs in\n      Test timeout of 30000ms exceeded.',
    ]);
    expect(
      failureLines(
        [
          { file: 'x', test: 'y', message: '' },
          { file: 'x', test: 'z', message: '' },
        ],
        '/repo',
        1,
      ),
    ).toEqual(['  x > y', '  ... and 1 more']);
  });

  it("counts Playwright's tests and adds up each file's runs, describe blocks included", () => {
    const r = playwrightSummary({
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
      suites: [
        {
          title: 'desk.spec.ts',
          file: 'desk.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1000 }] }, { results: [{ duration: 500 }] }] }],
          suites: [{ title: 'a block', specs: [{ tests: [{ results: [{ duration: 2500 }] }] }] }],
        },
        {
          title: 'site.spec.ts',
          file: 'site.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 100 }] }] }],
        },
      ],
    });
    expect(r).toMatchObject({ passed: 3, failed: 2, skipped: 2 });
    expect(slowestLines(r.files, '/repo')).toEqual([
      '      4.0 s  desk.spec.ts (3 tests)',
      '      0.1 s  site.spec.ts (1 test)',
    ]);
    expect(playwrightSummary({}).files).toEqual([]);
  });

  it('measures the machine with a fixed piece of work', () => {
    const y = yardstick();
    expect(y.seconds).toBeGreaterThan(0);
    expect(y.mibPerSecond).toBeCloseTo(256 / y.seconds);
  });
});
