import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The product as `npm start` runs it (scripts/start.mjs, the site already built for the shared e2e
// server), started by one spec for itself: its own port, its own embedded database, and settings
// the shared server must not have, such as SMTP_URL (docs/testing.md#a-server-of-a-specs-own).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now: a server's address known before it starts (a provider registers it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SpecServer {
  /** Its origin, which is also its PUBLIC_URL: the links in its emails lead back to it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the server on a fresh data folder, its first account `ADMIN_USERNAME` (the owner, as on a
 * new desk), with `env` on top, on `port` or a free one; resolves once it answers.
 */
export async function startSpecServer(env: Record<string, string>, port?: number): Promise<SpecServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-e2e-spec-'));
  // As root, the embedded PostgreSQL runs as its own user and must be able to enter this folder.
  chmodSync(dataDir, 0o755);
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LEAD_RATE_LIMIT_PER_MINUTE: '0',
      SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '',
      // As the shared e2e server's (scripts/e2e-server.mjs): light proof-of-work challenges, and
      // passwords hashed at the test cost (docs/testing.md#password-cost).
      SPAM_CHALLENGE_MAX_NUMBER: '1000',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
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
