#!/usr/bin/env node
// The product as `npm start` runs it, on a throwaway embedded database, for the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-e2e-'));
// As root, the embedded PostgreSQL runs as its own user and must be able to enter this folder.
chmodSync(dataDir, 0o755);
const dataDirs = [dataDir];
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-Passw0rd!';
// Test-only: passwords hashed at 1 MiB, not 128 MiB (docs/testing.md#password-cost). The server
// takes it only with NODE_ENV=test and HOST on loopback; the accounts the CLI makes get it too.
const testCost = { NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' };
/**
 * Makes admin accounts with the admin CLI (docs/operations.md#admin-accounts) in a data folder,
 * before a server takes its database.
 */
function createAdmins(dir, usernames, role) {
  for (const username of usernames) {
    const made = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'api/src/cli/admin.ts'),
        'create',
        username,
        ...(role ? ['--role', role] : []),
      ],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          ...testCost,
          DATA_DIR: dir,
          ADMIN_PASSWORD: adminPassword,
          MIGRATIONS_DIR: path.join(root, 'db'),
          LOG_LEVEL: 'warn',
        },
      },
    );
    if (made.status !== 0) {
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
      process.exit(made.status ?? 1);
    }
  }
}
// Accounts of their own for the second-factor specs (tests/e2e/admin-mfa.own-server.spec.ts), one per
// Playwright project: enrolling the shared `admin` would ask every other spec for a code.
createAdmins(dataDir, process.env.E2E_MFA_ADMINS?.split(',') ?? ['mfa-desktop', 'mfa-mobile']);
// A viewer (docs/operations.md#roles) for tests/e2e/desk-roles.spec.ts: it reads, and changes nothing.
createAdmins(dataDir, ['viewer'], 'viewer');

const port = Number(process.env.E2E_PORT ?? 4173);
/** `npm start` (scripts/start.mjs) on a data folder of its own, with the e2e settings. */
const startServer = (dir, serverPort, env = {}) =>
  spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      ...testCost,
      DATA_DIR: dir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LEAD_RATE_LIMIT_PER_MINUTE: process.env.LEAD_RATE_LIMIT_PER_MINUTE ?? '0',
      // Every browser of the run fetches its forms' challenges from 127.0.0.1: no per-address limit.
      SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE: process.env.SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE ?? '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // No metrics port: test servers of several checkouts may run on one machine.
      METRICS_PORT: process.env.METRICS_PORT ?? '',
      // Test-only webhook settings (docs/webhooks.md): the specs' receivers are plain-HTTP servers on
      // 127.0.0.1, and a failed delivery is retried within a second rather than over 27 hours, so a
      // spec sees it fail for good. Never set these on a real server.
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_SCHEDULE: process.env.WEBHOOK_RETRY_SCHEDULE ?? '300ms,300ms',
      // Test-only too: proof-of-work challenges of 1,000 hashes, not 50,000 (docs/operations.md#spam-challenge).
      // The specs check that a form's solution is found, sent and verified, not how long that takes
      // (bench:web does); at full cost each form's solving held the shared cores for seconds, and the
      // next test's page waited behind it.
      SPAM_CHALLENGE_MAX_NUMBER: process.env.SPAM_CHALLENGE_MAX_NUMBER ?? '1000',
      ...env,
    },
  });

const children = [startServer(dataDir, port)];
const stopAll = (signal) => children.forEach((c) => c.exitCode === null && c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
children[0].on('exit', (code) => {
  stopAll('SIGTERM');
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  process.exit(code ?? 0);
});

// A second server under ADMIN_MFA=required (as the Docker stack runs), on the next port, for
// tests/e2e/admin-mfa-required.own-server.spec.ts: its accounts have no second factor yet, so the
// desk must send them to the enrolment. It starts once the first is up, so only the first builds.
if (process.env.E2E_REQUIRED_SERVER !== '0') {
  const requiredDir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-e2e-required-'));
  chmodSync(requiredDir, 0o755);
  dataDirs.push(requiredDir);
  const firstIsUp = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 2400 && !(await firstIsUp()); i++) await new Promise((r) => setTimeout(r, 100));
  createAdmins(requiredDir, ['required-desktop', 'required-mobile']);
  children.push(startServer(requiredDir, port + 1, { ADMIN_MFA: 'required' }));
}
