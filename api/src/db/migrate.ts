import { fileURLToPath } from 'node:url';
import { Logger as WorkerLogger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { grantAppRole } from './roles.ts';

/** The repository's `db/` folder; the Docker image sets MIGRATIONS_DIR instead (see config.ts). */
const REPOSITORY_MIGRATIONS = fileURLToPath(new URL('../../../db', import.meta.url));

/** Any constant; held while graphile-worker installs or upgrades its schema. */
const JOB_SCHEMA_LOCK = 7_300_113;

/**
 * graphile-worker's own schema (the job queue, `graphile_worker`), installed and upgraded by its
 * own migrations. Ours refer to it (the lead tables' triggers add jobs), so it comes first. Its
 * migrations cope with a second process racing them, but not with ours running meanwhile: an
 * advisory lock makes every process starting at once wait for the first.
 */
async function migrateJobSchema(databaseUrl: string, log: (msg: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [JOB_SCHEMA_LOCK]);
    await runWorkerMigrations({
      connectionString: databaseUrl,
      logger: new WorkerLogger(() => (level, message) => log(`graphile-worker ${level}: ${message}`)),
    });
  } finally {
    await client.end();
  }
}

/** The role a URL logs in as. */
async function roleOf(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ me: string }>('SELECT current_user AS me')).rows[0]!.me;
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration: the job queue's, then ours. node-pg-migrate holds a PostgreSQL
 * advisory lock while it runs, and with `wait` a second process starting at the same moment
 * waits, then finds nothing left to do.
 *
 * `databaseUrl` is the owner's (docs/operations.md#database-roles); `appUrl`, the app's, names the
 * role that is then granted what the app needs (db/roles.ts). When both log in as the same role
 * (a single-role installation), there is nothing to grant.
 */
export async function migrate(
  databaseUrl: string,
  {
    dir = REPOSITORY_MIGRATIONS,
    log = () => {},
    appUrl,
  }: { dir?: string | undefined; log?: (msg: string) => void; appUrl?: string | undefined } = {},
): Promise<void> {
  await migrateJobSchema(databaseUrl, log);
  await runner({
    databaseUrl,
    dir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    advisoryLockMode: 'wait',
    checkOrder: true,
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
  } as Parameters<typeof runner>[0]);
  if (appUrl === undefined) return;
  const app = await roleOf(appUrl);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    const me = (await owner.query<{ me: string }>('SELECT current_user AS me')).rows[0]!.me;
    if (me !== app) await grantAppRole(owner, app);
  } finally {
    await owner.end();
  }
}
