import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

// The API and its job worker as `npm start` runs them (api/src/server.ts and api/src/worker.ts, each
// in a process of its own), on a PostgreSQL of the test's own that the test can freeze (SIGSTOP)
// and thaw.

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

export interface OwnProcess {
  child: ChildProcess;
  /** Its JSON log lines, parsed. */
  lines: Record<string, unknown>[];
  exited(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ApiProcess extends OwnProcess {
  baseUrl: string;
  /** The job worker beside it, in a process of its own as `npm start` runs it (api/src/worker.ts). */
  worker: WorkerProcess;
}

export interface WorkerProcess extends OwnProcess {
  /** Its file of pool ids (WORKER_STATE_FILE): its own, unless the test gave one. */
  stateFile: string;
}

function own(entry: string, env: Record<string, string>, ipc = false): OwnProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
    env: {
      ...process.env,
      MIGRATIONS_DIR: path.join(root, 'db'),
      OPENAPI_PATH: path.join(root, 'openapi/openapi.yaml'),
      STATIC_DIR: '',
      METRICS_PORT: '',
      LEAD_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      // Passwords at the test cost, as the harness's (docs/testing.md#password-cost).
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
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
  return {
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

/**
 * Starts the job worker (api/src/worker.ts) on `databaseUrl` with a channel as `npm start` gives
 * it; resolves once it says it is ready. Its state file is a new one of its own unless
 * `env.WORKER_STATE_FILE` names one (two workers never share one).
 */
export async function startWorkerProcess(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<WorkerProcess> {
  const stateFile =
    env.WORKER_STATE_FILE ?? path.join(await mkdtemp(path.join(os.tmpdir(), 'lead-desk-worker-')), 'pools');
  const p = own(
    'api/src/worker.ts',
    { DATABASE_URL: databaseUrl, ...env, WORKER_STATE_FILE: stateFile },
    true,
  );
  await new Promise<void>((resolve, reject) => {
    p.child.on('message', (m: { type?: string }) => {
      if (m.type === 'ready') resolve();
    });
    p.child.once('exit', (code) => reject(new Error(`the worker exited during start (${code})`)));
  });
  return { ...p, stateFile };
}

/** Starts the API and then its job worker on `databaseUrl`; resolves once both are up. */
export async function startApiProcess(databaseUrl: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const p = own('api/src/server.ts', {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (p.child.exitCode !== null) throw new Error(`the API exited during start (${p.child.exitCode})`);
    if (i > 600) throw new Error('the API did not answer within a minute');
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const worker = await startWorkerProcess(databaseUrl, env);
  return {
    ...p,
    baseUrl,
    worker,
    kill: async (signal) => {
      await Promise.all([p.kill(signal), worker.kill(signal)]);
    },
  };
}
