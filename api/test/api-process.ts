import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

// The API as `npm start` runs it (api/src/server.ts in a process of its own, its job worker
// inside), on a PostgreSQL of the test's own that the test can freeze (SIGSTOP) and thaw.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface OwnDatabase {
  url: string;
  /** Stops every process of the server (SIGSTOP): connections stay open, nothing answers. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnDatabase(): Promise<OwnDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-stall-'));
  // As root, PostgreSQL runs as its own user and must be able to enter this folder.
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'pg');
  const pg: EmbeddedDatabase = await startEmbeddedPostgres(dataDir, { port: await freePort() });
  await migrate(pg.ownerUrl, { appUrl: pg.url });
  let frozen: number[] = [];
  /** The postmaster (first line of postmaster.pid) and every process it started. */
  const serverPids = async () => {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [postmaster];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) pids.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    return pids;
  };
  return {
    url: pg.url,
    async freeze() {
      frozen = await serverPids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    async thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    async close() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      await pg.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Its JSON log lines, parsed. */
  lines: Record<string, unknown>[];
  exited(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the API with its in-process worker on `databaseUrl`; resolves once it answers. */
export async function startApiProcess(databaseUrl: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MIGRATIONS_DIR: path.join(root, 'db'),
      OPENAPI_PATH: path.join(root, 'openapi/openapi.yaml'),
      STATIC_DIR: '',
      METRICS_PORT: '',
      LEAD_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  const lines: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => {
    try {
      lines.push(JSON.parse(l) as Record<string, unknown>);
    } catch {
      lines.push({ msg: l });
    }
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited during start (${child.exitCode})`);
    if (i > 600) throw new Error('the API did not answer within a minute');
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    child,
    lines,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
