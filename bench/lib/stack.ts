// Shared by the benchmarks: a PostgreSQL (embedded unless DATABASE_URL is set) and the API as a
// separate process, built as production runs it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/db/embedded.ts';

export { freePort };
import { migrate } from '../../api/src/db/migrate.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Database {
  /** The app's role, as the API and the worker connect. */
  url: string;
  /** The role that owns the tables (the one migrations run as). */
  ownerUrl: string;
  stop(): Promise<void>;
}

export async function startDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    await migrate(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, ownerUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-bench-'));
  chmodSync(dir, 0o755);
  const pg: EmbeddedDatabase = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  await migrate(pg.ownerUrl, { appUrl: pg.url });
  return {
    url: pg.url,
    ownerUrl: pg.ownerUrl,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Api {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ApiOptions {
  /** Receives each line the API writes to stdout (its JSON log); without it the lines are discarded. */
  onLogLine?: (line: string) => void;
  /**
   * Node's flags for the API process: npm start's and the image's unless given; BENCH_NODE_ARGS are
   * added after them.
   */
  nodeArgs?: string[];
}

export async function startApi(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: ApiOptions = {},
): Promise<Api> {
  const build = spawnSync('npm', ['run', 'build', '-w', 'api'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('building the API failed');
  // A port chosen by the caller (a provider registered the desk's address before it started), or a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // BENCH_NODE_ARGS: extra node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = [
    // The API's flags as scripts/start.mjs and Dockerfile.api's CMD start it.
    ...(opts.nodeArgs ?? ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=512']),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, 'api/dist/server.js')], {
    cwd: root,
    // Logging stays on (it is part of what is measured); its lines go to /dev/null unless wanted.
    stdio: ['ignore', opts.onLogLine ? 'pipe' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MIGRATIONS_DIR: path.join(root, 'db'),
      OPENAPI_PATH: path.join(root, 'openapi/openapi.yaml'),
      ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? 'bench-admin-password',
      ...env,
    },
  });
  const onLogLine = opts.onLogLine;
  if (onLogLine && child.stdout) createInterface({ input: child.stdout }).on('line', onLogLine);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the API exited during start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    /** Ends the API (again: at once). */
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The job worker as its own process (api/dist/worker.js, as the Docker stack's worker service runs
 * it), for benchmarks that measure the API without the worker in its event loop.
 */
export async function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(root, 'api/dist/worker.js')], {
    cwd: root,
    // Its log (warnings and errors at the level below) goes to this process's stderr: a worker that
    // stops says why, beside the figures it would have changed.
    stdio: ['ignore', process.stderr, 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MIGRATIONS_DIR: path.join(root, 'db'),
      LOG_LEVEL: 'warn',
      METRICS_PORT: '',
      ...env,
    },
  });
  // It is up once it has migrated (nothing to do) and started its runner: give it a moment.
  await new Promise((r) => setTimeout(r, 1500));
  if (child.exitCode !== null) throw new Error('the worker exited during start');
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`the job worker exited (code ${code}, signal ${signal}): nothing is sent from now on`);
  });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
