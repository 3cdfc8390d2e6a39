import pg from 'pg';

export type Db = pg.Pool;

// bigint columns (ids, counts) fit in a JS number far beyond any realistic row count.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * PostgreSQL itself cancels a statement running longer than `statementTimeoutMs` (and a
 * transaction left idle), so an answered 503 means the statement was rolled back, not that it
 * runs on after the client gave up (docs/operations.md#timeouts). The client-side timeout, a
 * little longer, only catches a server that no longer answers at all.
 *
 * `waitForAnswers`: no client-side timeout, for the job worker's pool. graphile-worker cannot
 * tell a query it gave up on from one that failed: a job fetch still waiting in a frozen server's
 * socket runs when the server resumes and locks a job for a worker that no longer waits for it,
 * for hours (docs/operations.md#worker-timeouts). Its queries wait for the server's answer
 * instead; TCP keepalive ends a connection whose server is gone for good.
 */
export function createPool(
  connectionString: string,
  max = 20,
  statementTimeoutMs = 5000,
  { waitForAnswers = false }: { waitForAnswers?: boolean } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    ...(waitForAnswers ? { keepAlive: true } : { query_timeout: statementTimeoutMs + 1000 }),
  });
  // An idle client losing its server must not crash the process; the next query reconnects. Nor
  // must a checked-out one between two queries (the job worker keeps one to LISTEN on): its next
  // query fails, and graphile-worker asks for both handlers.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The moment a write sent now must have started by, for PostgreSQL's `write_deadline()` (see the
 * add-write-deadline migration): the pool's statement timeout from now, a second before the
 * client itself gives up (`query_timeout`). A write that waited longer in a stalled server's
 * socket is refused when it arrives, so the 503 the client answered stays true. It assumes the
 * API and PostgreSQL read the same clock to within that second (one machine, or NTP).
 */
export function writeDeadline(db: Db): string {
  const timeout = Number(db.options.statement_timeout ?? 5000);
  return new Date(Date.now() + timeout).toISOString();
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout (a stalled database)
  '55P03', // lock_not_available
  '25P03', // idle_in_transaction_session_timeout
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** True when an error means the database cannot be reached right now, not that the query is wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Query read timeout/i.test(
    err.message,
  );
}

/** A pool or one transaction's client: what a repo function that may run in either takes. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
