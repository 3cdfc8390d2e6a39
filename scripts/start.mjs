#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the site and the API on one origin.
// With DATABASE_URL unset the API starts an embedded PostgreSQL with its data under .data/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from './api-node-flags.mjs';

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

function run(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Tests only (api/test/npm-start.test.ts): the API's sources run through tsx instead of the build,
// which `npm test` may be remaking meanwhile; nothing is built.
const testEntry = process.env.LEAD_DESK_TEST_API_ENTRY;
const webIndex = path.join(root, 'web/dist/index.html');
const webSources = Math.max(newest(path.join(root, 'web/src')), newest(path.join(root, 'openapi')));
if (!testEntry && (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources)) {
  console.log('Building the site…');
  run(['run', 'build', '-w', 'web']);
}
const apiBundle = path.join(root, 'api/dist/server.js');
if (
  !testEntry &&
  (!existsSync(apiBundle) || statSync(apiBundle).mtimeMs < newest(path.join(root, 'api/src')))
) {
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
// it ends without stopping them itself.
const services = [
  {
    name: 'api',
    command: process.execPath,
    args: testEntry ? ['--import', 'tsx', testEntry] : [...API_NODE_FLAGS, apiBundle],
    env: {
      ...process.env,
      PORT: process.env.PORT ?? '8080',
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(root, 'web/dist'),
      MIGRATIONS_DIR: process.env.MIGRATIONS_DIR ?? path.join(root, 'db'),
      OPENAPI_PATH: process.env.OPENAPI_PATH ?? path.join(root, 'openapi/openapi.yaml'),
      // Prometheus metrics on loopback only (docs/operations.md#metrics); METRICS_PORT= to turn off.
      METRICS_PORT: process.env.METRICS_PORT ?? '9464',
    },
  },
];

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
    env: service.env,
  });
  service.child = child;
  service.startedAt = Date.now();
  say(service.name, `started (pid ${child.pid})`);
  child.on('message', (message) => {
    if (message?.type === 'ready') service.ready = true;
    else if (message?.type === 'companion') service.companions.push(message);
  });
  child.on('error', (err) => say(service.name, `could not be started: ${err.message}`));
  child.on('exit', async (code, signal) => {
    service.child = undefined;
    service.settling = true;
    await stopCompanions(service);
    service.settling = false;
    if (stopping) return finish();
    const how = signal ? `was killed (${signal})` : `ended (code ${code})`;
    if (code === 0 || [130, 143].includes(code) || ['SIGINT', 'SIGTERM'].includes(signal)) {
      // Stopped on purpose: the rest ends with it.
      say(service.name, `${how}: stopping`);
      return stopAll(code === 0 ? 0 : 1);
    }
    if (!service.ready && code !== null) {
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
for (const service of services) start(service);
