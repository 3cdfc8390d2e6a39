#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the site and the API on one origin.
// With DATABASE_URL unset the API starts an embedded PostgreSQL with its data under .data/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist')) continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

// The builds never see the server's NODE_ENV: Vite would build the site for it (the test servers'
// NODE_ENV=test, docs/testing.md#password-cost, would give React's development build).
const { NODE_ENV: _serverEnv, ...buildEnv } = process.env;

function run(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env: buildEnv });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Tests only (api/test/npm-start.test.ts): the API's sources run through tsx instead of the build,
// which `npm test` may be remaking meanwhile, and the worker's from beside it; nothing is built.
const testEntry = process.env.LEAD_DESK_TEST_API_ENTRY;
const testWorkerEntry = testEntry && path.join(path.dirname(testEntry), 'worker.ts');
const webIndex = path.join(root, 'web/dist/index.html');
const webSources = Math.max(newest(path.join(root, 'web/src')), newest(path.join(root, 'openapi')));
if (!testEntry && (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources)) {
  console.log('Building the site…');
  run(['run', 'build', '-w', 'web']);
}
const apiBundle = path.join(root, 'api/dist/server.js');
const workerBundle = path.join(root, 'api/dist/worker.js');
const built = (file) => existsSync(file) && statSync(file).mtimeMs >= newest(path.join(root, 'api/src'));
if (!testEntry && !(built(apiBundle) && built(workerBundle))) {
  run(['run', 'build', '-w', 'api']);
}

// `--build-only`: what a run of several servers at once (tests/compose/steps/through-nginx.sh) does
// first, so that they do not each build the same files over one another.
if (process.argv.includes('--build-only')) process.exit(0);

// The supervisor: it starts each service, starts one that crashed again (after a pause that
// grows while it keeps crashing), and ends them all when it is told to end. Each service holds a
// channel to it (IPC): a service notices through it that the supervisor has ended, even killed
// outright, and ends too (docs/operations.md#embedded-database). A service says over it when it
// is ready, and which processes of its own (the embedded PostgreSQL) the supervisor must stop if
// it ends without stopping them itself. The job worker starts once the API is ready, on the
// database the API reported (its embedded one), and is stopped while the API starts again with a
// new one.
const metricsPort = process.env.METRICS_PORT ?? '9464';
const api = {
  name: 'api',
  command: process.execPath,
  // V8's heap sized for a process whose live heap is small while a CSV export streams hundreds of
  // megabytes of garbage through it (docs/operations.md#memory); Dockerfile.api's CMD says the same.
  args: testEntry
    ? ['--import', 'tsx', testEntry]
    : ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=512', apiBundle],
  env: () => ({
    ...process.env,
    PORT: process.env.PORT ?? '8080',
    STATIC_DIR: process.env.STATIC_DIR ?? path.join(root, 'web/dist'),
    MIGRATIONS_DIR: process.env.MIGRATIONS_DIR ?? path.join(root, 'db'),
    OPENAPI_PATH: process.env.OPENAPI_PATH ?? path.join(root, 'openapi/openapi.yaml'),
    // Prometheus metrics on loopback only (docs/operations.md#metrics); METRICS_PORT= to turn off.
    METRICS_PORT: metricsPort,
  }),
};
const worker = {
  name: 'worker',
  after: api,
  command: process.execPath,
  args: testWorkerEntry ? ['--import', 'tsx', testWorkerEntry] : ['--enable-source-maps', workerBundle],
  env: () => ({
    ...process.env,
    MIGRATIONS_DIR: process.env.MIGRATIONS_DIR ?? path.join(root, 'db'),
    OPENAPI_PATH: process.env.OPENAPI_PATH ?? path.join(root, 'openapi/openapi.yaml'),
    DATABASE_URL: api.databaseUrl ?? process.env.DATABASE_URL ?? '',
    // Its own metrics, on the API's port + 1 (9465), or none with the API's.
    METRICS_PORT: metricsPort === '' ? '' : String(Number(metricsPort) + 1),
  }),
};
const services = [api, worker];

/** Pauses before a crashed service starts again: 1 s, doubled per crash up to 30 s. */
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;
/** A service that ran this long before it crashed starts again after the first pause. */
const STEADY_MS = 60_000;
/** What a service gets to end after SIGTERM before it is killed. */
const STOP_GRACE_MS = 20_000;

let stopping = false;
let exitCode = 0;
const say = (name, text) => console.log(`[start] ${name}: ${text}`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Stops what a service left running, if its pid file still names it (so it is the same process). */
async function stopCompanions(service) {
  for (const { pid, pidFile } of service.companions.splice(0)) {
    const named = () => {
      try {
        return Number(readFileSync(pidFile, 'utf8').split('\n')[0]) === pid && alive(pid);
      } catch {
        return false;
      }
    };
    if (!named()) continue;
    say(service.name, `it left its PostgreSQL (pid ${pid}) running: stopping it`);
    for (const [signal, ms] of [
      ['SIGINT', 30_000],
      ['SIGQUIT', 10_000],
    ]) {
      if (!named()) break;
      process.kill(pid, signal);
      for (let waited = 0; waited < ms && named(); waited += 100) await delay(100);
    }
  }
}

function start(service) {
  service.timer = undefined;
  service.ready = false;
  service.companions = [];
  const child = spawn(service.command, service.args, {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: service.env(),
  });
  service.child = child;
  service.startedAt = Date.now();
  say(service.name, `started (pid ${child.pid})`);
  child.on('message', (message) => {
    if (message?.type === 'ready') {
      service.ready = true;
      // Its dependants start now (again, after it was restarted).
      for (const s of services) if (s.after === service && !s.child && !s.timer && !stopping) start(s);
    } else if (message?.type === 'companion') {
      service.companions.push(message);
      service.databaseUrl = message.databaseUrl;
    }
  });
  child.on('error', (err) => say(service.name, `could not be started: ${err.message}`));
  child.on('exit', async (code, signal) => {
    service.child = undefined;
    const wasReady = service.ready;
    service.ready = false;
    // Its dependants ran on the database it takes with it: they stop, and start once it is ready.
    const dependants = service.companions.length > 0 ? services.filter((s) => s.after === service) : [];
    for (const s of dependants) {
      clearTimeout(s.timer);
      s.timer = undefined;
      s.held = Boolean(s.child);
      s.child?.kill('SIGTERM');
    }
    service.settling = true;
    await stopCompanions(service);
    service.settling = false;
    if (stopping) return finish();
    if (service.held) {
      service.held = false;
      if (!service.after.ready) return say(service.name, 'stopped with its database');
      return start(service);
    }
    const how = signal ? `was killed (${signal})` : `ended (code ${code})`;
    if (code === 0 || [130, 143].includes(code) || ['SIGINT', 'SIGTERM'].includes(signal)) {
      // Stopped on purpose: the rest ends with it.
      say(service.name, `${how}: stopping`);
      return stopAll(code === 0 ? 0 : 1);
    }
    if (!wasReady && code !== null) {
      // It did not come up (its configuration, its data folder): starting it again would not help.
      say(service.name, `${how} before it was ready: stopping`);
      return stopAll(code);
    }
    const steady = Date.now() - service.startedAt >= STEADY_MS;
    service.pause = steady || !service.pause ? FIRST_PAUSE_MS : Math.min(service.pause * 2, LONGEST_PAUSE_MS);
    say(service.name, `${how}: starting it again in ${service.pause / 1000} s`);
    service.timer = setTimeout(() => start(service), service.pause);
  });
}

function stopAll(code = 0, signal = 'SIGTERM') {
  if (!stopping) exitCode = code;
  stopping = true;
  for (const service of services) {
    clearTimeout(service.timer);
    service.timer = undefined;
    if (!service.child) continue;
    service.child.kill(signal);
    const { child } = service;
    setTimeout(() => {
      if (service.child === child) child.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  }
  finish();
}

function finish() {
  if (services.every((s) => !s.child && !s.settling)) process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stopAll(0, signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
for (const service of services) if (!service.after) start(service);
