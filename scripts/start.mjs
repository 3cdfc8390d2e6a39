#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then serves the site and the API on one origin.
// With DATABASE_URL unset the API starts an embedded PostgreSQL with its data under .data/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

const webIndex = path.join(root, 'web/dist/index.html');
const webSources = Math.max(newest(path.join(root, 'web/src')), newest(path.join(root, 'openapi')));
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) {
  console.log('Building the site…');
  run(['run', 'build', '-w', 'web']);
}
const apiBundle = path.join(root, 'api/dist/server.js');
if (!existsSync(apiBundle) || statSync(apiBundle).mtimeMs < newest(path.join(root, 'api/src'))) {
  run(['run', 'build', '-w', 'api']);
}

// `--build-only`: what a run of several servers at once (tests/compose/steps/through-nginx.sh) does
// first, so that they do not each build the same files over one another.
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn(process.execPath, [...API_NODE_FLAGS, apiBundle], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '8080',
    STATIC_DIR: process.env.STATIC_DIR ?? path.join(root, 'web/dist'),
    MIGRATIONS_DIR: process.env.MIGRATIONS_DIR ?? path.join(root, 'db'),
    OPENAPI_PATH: process.env.OPENAPI_PATH ?? path.join(root, 'openapi/openapi.yaml'),
    // Prometheus metrics on loopback only (docs/operations.md#metrics); METRICS_PORT= to turn off.
    METRICS_PORT: process.env.METRICS_PORT ?? '9464',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
