import path from 'node:path';
import { ensureFirstAdmin } from './admin/admin.service.ts';
import { loadOrCreateKey } from './admin/auth/mfa-key.ts';
import { usePasswordHashCost } from './admin/auth/password.ts';
import { discoverProvider, type SingleSignOnProvider } from './admin/sso/provider.ts';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger } from './http/logger.ts';
import { startHousekeeping } from './system/housekeeping.ts';
import { createMetrics, startMetricsServer } from './metrics/metrics.ts';
import { handleUnhandledRejections } from './process-policy.ts';
import { deliverDeps } from './webhooks/deliver.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A configuration mistake is the operator's to fix: say what is wrong, without a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
usePasswordHashCost(config.passwordHashCost);
const log = createLogger(config.logLevel);
// Started by `npm start`'s supervisor (scripts/start.mjs) with a channel to it: the channel closes
// when the supervisor ends, even killed outright, and this process then stops with its database.
let started = false;
const tellSupervisor = (message: object) => {
  if (process.connected) process.send!(message);
};
if (process.connected)
  process.once('disconnect', () => {
    if (started) return void shutdown('the supervisor ended');
    log.warn('the supervisor ended while the API was starting: stopping');
    process.exit(1);
  });
// Single sign-on's provider is discovered before anything starts: one that cannot be reached is a
// clear error now, not a broken button later (docs/operations.md#single-sign-on).
let singleSignOn: SingleSignOnProvider | undefined;
if (config.oidc) {
  try {
    singleSignOn = await discoverProvider(config.oidc);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  log.info({ issuer: config.oidc.issuer, signsOut: singleSignOn.signsOut }, 'single sign-on is on');
}
// A rejection nothing handled is logged and counted, never the end of the site (process-policy.ts).
const rejections = handleUnhandledRejections(log);

let embedded: EmbeddedDatabase | undefined;
let databaseUrl = config.databaseUrl;
// Migrations run as the owner role, the app as a role that owns nothing (docs/operations.md#database-roles).
let migrationUrl = config.migrationDatabaseUrl ?? databaseUrl;
if (!databaseUrl) {
  const dataDir = path.join(config.dataDir, 'pg');
  log.info({ dataDir }, 'DATABASE_URL is not set: starting an embedded PostgreSQL');
  // One left running by a run killed outright is stopped first, and the log says so
  // (docs/operations.md#embedded-database).
  embedded = await startEmbeddedPostgres(dataDir, { log: (msg) => log.warn({ dataDir }, msg) }).catch(
    (err: unknown) => {
      console.error((err as Error).message);
      process.exit(1);
    },
  );
  databaseUrl = embedded.url;
  migrationUrl = embedded.ownerUrl;
  // Under `npm start`, the supervisor stops it should this process end without stopping it, and
  // gives the job worker it starts next the app role's URL (scripts/start.mjs).
  tellSupervisor({
    type: 'companion',
    pid: embedded.pid,
    pidFile: path.join(dataDir, 'postmaster.pid'),
    databaseUrl: embedded.url,
  });
}

await migrate(migrationUrl!, {
  dir: config.migrationsDir,
  appUrl: databaseUrl,
  log: (msg) => log.debug({ msg }, 'migration'),
});
const db = createPool(databaseUrl, config.dbPoolSize, config.dbStatementTimeoutMs);
await ensureFirstAdmin(db, config, log);

// TOTP secrets are encrypted with a key kept outside the database (docs/operations.md#second-factor).
if (config.adminMfa !== 'off' && !config.adminMfaKey)
  config.adminMfaKey = loadOrCreateKey(config.adminMfaKeyFile);
// Proof-of-work challenges are signed with a key kept outside the database too (docs/operations.md#spam-challenge).
config.spamChallengeKey ??= loadOrCreateKey(config.spamChallengeKeyFile);
const metrics = createMetrics(db);
rejections.countIn(metrics);
const webhooks = deliverDeps(db, config, log);
const app = createApp({ db, config, log, metrics, webhooks, singleSignOn });
const housekeeping = startHousekeeping(db, log);
const metricsServer =
  config.metricsPort !== null
    ? // Metrics are for operators: a port already taken is logged, not a reason to stop serving.
      await startMetricsServer(metrics, config.metricsHost, config.metricsPort, log).catch((err: unknown) => {
        log.error({ err, port: config.metricsPort }, 'metrics are off: their port could not be opened');
        return undefined;
      })
    : undefined;
const server = createHttpServer(app.callback(), {
  maxConnections: config.maxConnections,
  maxConnectionsPerAddress: config.maxConnectionsPerAddress,
});

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  log.info({ port, site: Boolean(config.staticDir) }, `listening on http://localhost:${port}`);
  tellSupervisor({ type: 'ready' });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const force = setTimeout(() => {
    log.warn('requests still in flight after 10 s; closing them');
    server.closeAllConnections();
  }, 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  housekeeping.stop();
  metricsServer?.close();
  webhooks.sender.close();
  await db.end().catch(() => {});
  if (embedded) await embedded.stop().catch(() => {});
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
started = true;
