import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdmins, createE2eDatabase, type E2ePostgres } from './database.ts';

// The product as `npm start` runs it (scripts/start.mjs, the site already built for the shared e2e
// server), started by one spec for itself: its own port, its own database on the run's one
// PostgreSQL (docs/testing.md#one-postgresql), and settings the shared server must not have, such
// as SMTP_URL (docs/testing.md#a-server-of-a-specs-own).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The settings every e2e server runs with, the shared one (scripts/e2e-server.mjs) and a spec's own;
 * test-only, never a real server's. Each may be set otherwise in the environment of the run.
 */
export function e2eSettings(): Record<string, string> {
  const env = process.env;
  return {
    // Passwords hashed at 1 MiB, not 128 MiB (docs/testing.md#password-cost): the server takes it
    // only with NODE_ENV=test and HOST on loopback.
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: 'test',
    LEAD_RATE_LIMIT_PER_MINUTE: env.LEAD_RATE_LIMIT_PER_MINUTE ?? '0',
    // Every browser of the run fetches its forms' challenges from 127.0.0.1: no per-address limit.
    SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE: env.SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE ?? '0',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    // No metrics port: test servers of several checkouts may run on one machine.
    METRICS_PORT: env.METRICS_PORT ?? '',
    // Webhooks (docs/webhooks.md): the specs' receivers are plain-HTTP servers on 127.0.0.1, and a
    // failed delivery is retried within a second rather than over 27 hours, so a spec sees it fail
    // for good.
    WEBHOOK_ALLOW_HTTP: '1',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_SCHEDULE: env.WEBHOOK_RETRY_SCHEDULE ?? '300ms,300ms',
    // Proof-of-work challenges of 1,000 hashes, not 50,000 (docs/operations.md#spam-challenge). The
    // specs check that a form's solution is found, sent and verified, not how long that takes
    // (bench:web does); at full cost each form's solving held the shared cores for seconds.
    SPAM_CHALLENGE_MAX_NUMBER: env.SPAM_CHALLENGE_MAX_NUMBER ?? '1000',
  };
}

/** A port nothing listens on now: a server's address known before it starts (a provider registers it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The run's PostgreSQL, as tests/e2e/global-setup.ts found or started it. */
function runPostgres(): E2ePostgres {
  const json = process.env.E2E_POSTGRES;
  if (!json) throw new Error('E2E_POSTGRES is not set: the browser tests start through playwright.config.ts');
  return JSON.parse(json) as E2ePostgres;
}

export interface SpecServer {
  /** Its origin, which is also its PUBLIC_URL: the links in its emails lead back to it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the server on a fresh database, its first account `ADMIN_USERNAME` (the owner, as on a new
 * desk), with the e2e settings and `env` on top, on `port` or a free one; `accounts` are made with
 * the admin CLI before it starts, their password ADMIN_PASSWORD's. Resolves once it answers.
 */
export async function startSpecServer(
  env: Record<string, string>,
  port?: number,
  accounts: [usernames: string[], role?: string][] = [],
): Promise<SpecServer> {
  const database = await createE2eDatabase(runPostgres());
  // What the server keeps beside its database: its keys, its worker's state.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-e2e-spec-'));
  chmodSync(dataDir, 0o755);
  const removeAll = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [usernames, role] of accounts)
      await createAdmins(database, env.ADMIN_PASSWORD ?? '', usernames, role);
  } catch (err) {
    await removeAll();
    throw err;
  }
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...e2eSettings(),
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await removeAll();
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the spec's server exited during start (${child.exitCode})`);
    }
    if (i > 1200) {
      await stop();
      throw new Error("the spec's server did not answer within two minutes");
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
}
