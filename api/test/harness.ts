import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import supertest from 'supertest';
import { inject } from 'vitest';
import type { SingleSignOnProvider } from '../src/admin/sso/provider.ts';
import { usePasswordHashCost } from '../src/admin/auth/password.ts';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { createLogger, type Logger } from '../src/http/logger.ts';
import type { Metrics } from '../src/metrics/metrics.ts';
import { TEMPLATE_DB, withLogin } from './global-setup.ts';

export interface TestApp {
  /** The test's own handle on the database: a superuser's, to arrange and inspect anything. */
  db: Db;
  databaseUrl: string;
  /** The app's pool, as the app role that owns nothing (docs/operations.md#database-roles). */
  appDb: Db;
  appDatabaseUrl: string;
  /** The owner role's connection to this database (what migrations run as). */
  ownerDatabaseUrl: string;
  config: Config;
  server: http.Server;
  baseUrl: string;
  request: () => supertest.Agent;
  close: () => Promise<void>;
}

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testServerUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Empties `tables` for the next test. A test app may have its job runner, relay or dispatcher at
 * work meanwhile, taking its locks in another order than TRUNCATE's list; when PostgreSQL ends
 * that deadlock by rolling the TRUNCATE back, it is tried again (the other side then finishes).
 * Pass the test's own handle (`t.db`): the app role may not TRUNCATE.
 */
export async function truncate(db: Pick<Db, 'query'>, tables: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(`TRUNCATE ${tables}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 5) throw err;
    }
  }
}

/**
 * A fresh, migrated database of its own (a copy of the template, owned by the owner role), dropped
 * by `drop`: `url` is a superuser's, `appUrl` the app role's, `ownerUrl` the owner's.
 */
export async function createTestDatabase(): Promise<{
  url: string;
  appUrl: string;
  ownerUrl: string;
  drop: () => Promise<void>;
}> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const owner = new URL(inject('testOwnerUrl')).username;
  await withServer((c) =>
    c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB} OWNER ${c.escapeIdentifier(owner)}`),
  );
  return {
    url: withLogin(inject('testServerUrl'), { database: name }),
    appUrl: withLogin(inject('testAppUrl'), { database: name }),
    ownerUrl: withLogin(inject('testOwnerUrl'), { database: name }),
    drop: () =>
      withServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * The real app on a fresh database, listening on a free port, as production runs it.
 * `overrides` change the config (e.g. the rate limit) for this file only; `log` receives its log.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  opts: {
    log?: Logger;
    metrics?: (db: Db) => Metrics;
    /**
     * What depends on the app's own address (an identity provider that registers its redirect
     * URI): more config and the provider, known once the server listens and before the app exists.
     */
    atAddress?: (
      baseUrl: string,
    ) => Promise<{ config?: Partial<Config>; singleSignOn?: SingleSignOnProvider }>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const atAddress = opts.atAddress ? await opts.atAddress(baseUrl) : {};
  const config: Config = {
    ...loadConfig(),
    databaseUrl: database.appUrl,
    staticDir: undefined,
    adminPassword: undefined,
    adminMfaKey: randomBytes(32),
    spamChallengeKey: randomBytes(32),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Passwords at 1 MiB, not 128 MiB (docs/testing.md#password-cost); admin-first-account.test.ts
    // keeps the production cost.
    passwordHashCost: 'test',
    ...overrides,
    ...atAddress.config,
  };
  usePasswordHashCost(config.passwordHashCost);
  const db = createPool(database.url, 10, config.dbStatementTimeoutMs);
  const appDb = createPool(database.appUrl, 10, config.dbStatementTimeoutMs);
  const log = opts.log ?? createLogger(config.logLevel);
  const app = createApp({
    db: appDb,
    config,
    log,
    singleSignOn: atAddress.singleSignOn,
    ...(opts.metrics ? { metrics: opts.metrics(appDb) } : {}),
  });
  server.on('request', app.callback());
  return {
    db,
    databaseUrl: database.url,
    appDb,
    appDatabaseUrl: database.appUrl,
    ownerDatabaseUrl: database.ownerUrl,
    config,
    server,
    baseUrl,
    request: () => supertest.agent(baseUrl),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.end();
      await appDb.end();
      await database.drop();
    },
  };
}
