#!/usr/bin/env node
// `npm run test:repeat -- <file> [N]`: runs one test file N times (10 unless told), one run after
// another, and stops at the first run that fails, naming it (docs/testing.md#repeating-a-file).
// A file under tests/e2e runs in Playwright, in each project that has tests of it, against one e2e
// server started once for all the runs; any other file runs in Vitest.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const [fileArg, countArg, ...rest] = process.argv.slice(2);
const count = countArg === undefined ? 10 : Number(countArg);
if (!fileArg || !Number.isInteger(count) || count < 1 || rest.length > 0) {
  console.error('Usage: npm run test:repeat -- <test file> [N, 10 unless told]');
  process.exit(2);
}
// npm runs scripts in the repository's root; the file is named from where npm was started.
const file = path.relative(root, path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg));
if (!existsSync(path.join(root, file))) {
  console.error(`test:repeat: ${file} does not exist`);
  process.exit(2);
}
const browser = file.split(path.sep).join('/').startsWith('tests/e2e/');

/** Runs a command in the root with the terminal as its output; resolves with its exit code. */
function run(cmd, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout?.on('data', (c) => (out += c));
    child.on('error', (err) => {
      console.error(err.message);
      resolve({ code: 1, out });
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The Playwright projects that have tests in the file. */
async function projectsOf() {
  const listed = await run(bin('playwright'), ['test', file, '--list', '--reporter=json'], {}, true);
  const report = JSON.parse(listed.out);
  if (report.errors?.length) throw new Error(report.errors.map((e) => e.message).join('\n'));
  const names = new Set();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) names.add(t.projectName);
    for (const child of suite.suites ?? []) visit(child);
  };
  (report.suites ?? []).forEach(visit);
  return [...names];
}

const port = Number(process.env.E2E_PORT ?? 4173);
const healthy = () =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

/** The shared e2e server (scripts/e2e-server.mjs), as Playwright's webServer starts it; once. */
async function startServer() {
  if (await healthy()) return undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port) },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; !(await healthy()); i++) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited during start (${child.exitCode})`);
    if (i > 2400) throw new Error('the e2e server did not answer within four minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
}

let runOnce;
let stop;
if (browser) {
  // What `npm start` builds when it is missing or stale: the site and the API the server runs.
  if ((await run(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'])).code !== 0)
    process.exit(1);
  const projects = await projectsOf();
  if (projects.length === 0) {
    console.error(`test:repeat: Playwright finds no tests in ${file}`);
    process.exit(2);
  }
  stop = await startServer();
  // Each run reuses the server started above (playwright.config.ts: E2E_REUSE_SERVER).
  const env = { E2E_REUSE_SERVER: '1', E2E_PORT: String(port) };
  const args = ['test', file, ...projects.flatMap((p) => ['--project', p])];
  runOnce = async () => (await run(bin('playwright'), args, env)).code === 0;
} else {
  runOnce = async () => (await run(bin('vitest'), ['run', file])).code === 0;
}

const began = Date.now();
let failedRun = 0;
try {
  for (let i = 1; i <= count && !failedRun; i++) {
    console.log(`\n=== test:repeat: run ${i} of ${count}: ${file}`);
    const started = Date.now();
    const ok = await runOnce();
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    console.log(`=== test:repeat: run ${i} of ${count} ${ok ? 'passed' : 'FAILED'} in ${took}`);
    if (!ok) failedRun = i;
  }
} finally {
  await stop?.();
}
const took = `${((Date.now() - began) / 1000).toFixed(1)} s`;
if (failedRun) {
  console.log(`\ntest:repeat: run ${failedRun} of ${count} FAILED (${file}), after ${took}`);
  process.exit(1);
}
console.log(`\ntest:repeat: ${count} of ${count} runs passed (${file}) in ${took}`);
