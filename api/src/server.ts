import http from 'node:http';
import path from 'node:path';
import { ensureFirstAdmin } from './admin/admin.service.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { createLogger } from './http/logger.ts';

const config = loadConfig();
const log = createLogger(config.logLevel);

let embedded: EmbeddedDatabase | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data', 'pg');
  log.info({ dataDir }, 'DATABASE_URL is not set: starting an embedded PostgreSQL');
  embedded = await startEmbeddedPostgres(dataDir);
  databaseUrl = embedded.url;
}

await migrate(databaseUrl, (msg) => log.debug({ msg }, 'migration'));
const db = createPool(databaseUrl, Number(process.env.DB_POOL_SIZE ?? 20));
await ensureFirstAdmin(db, config, log);

const app = createApp({ db, config, log });
const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 30_000;

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  log.info({ port, site: Boolean(config.staticDir) }, `listening on http://localhost:${port}`);
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
  await db.end().catch(() => {});
  if (embedded) await embedded.stop().catch(() => {});
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
