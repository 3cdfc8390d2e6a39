import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, startOwnDatabase, type ApiProcess, type OwnDatabase } from './api-process.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// The database stalls (every PostgreSQL process stopped with SIGSTOP, as a frozen disk or a
// failover would) under `npm start`: the server keeps answering (503 while the database is gone),
// its worker process survives and sends everything afterwards, and a lead answered 503 was not
// stored (docs/operations.md#worker-restarts, docs/operations.md#timeouts).

let database: OwnDatabase;
let smtp: TestSmtp;
let api: ApiProcess;
let client: pg.Client;

beforeAll(async () => {
  database = await startOwnDatabase();
  smtp = await startSmtp();
  api = await startApiProcess(database.url, {
    SMTP_URL: smtp.url,
    SALES_NOTIFY_TO: 'sales@textflow.example',
  });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await database?.thaw();
  await client?.end().catch(() => {});
  await api?.kill('SIGKILL');
  await smtp?.close();
  await database?.close();
});

const contact = (i: number | string) =>
  fetch(`${api.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Stall ${i}`,
      email: `stall-${i}@example.com`,
      message: 'While it stalls.',
    }),
  });
/** Connections in the API's pool, idle: a health check's query goes straight into one's socket. */
async function warmPool() {
  for (let i = 0; i < 5; i++) expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
}

/**
 * Health checks one after another, each given 10 s to answer, until `n` were answered 503: with the
 * database frozen, each 503 is the API's client giving up on a query sent into a pooled connection
 * (the statement timeout and the second after it, docs/operations.md#timeouts), so the stall has
 * lasted that long `n` times over. Returns every answer (a status, or the error's name).
 */
async function healthUntilRefused(n: number): Promise<(number | string)[]> {
  const seen: (number | string)[] = [];
  while (seen.filter((s) => s === 503).length < n) {
    if (seen.length >= 20) throw new Error(`no ${n} refusals in ${JSON.stringify(seen)}`);
    seen.push(
      await fetch(`${api.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status,
        (err: Error) => err.name,
      ),
    );
  }
  return seen;
}
const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);

describe('a database stall under npm start', () => {
  it('keeps the server answering while emails go out, and sends every email once it is back', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => contact(i)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201));
    // Emails are going out: stop the database in the middle of it.
    await smtp.waitFor(1);
    await database.freeze();
    const seen = await healthUntilRefused(2);
    await database.thaw();
    expect(api.exited()).toBe(false);
    // Answered all along: 503 while the database was gone, never a dropped connection.
    expect(seen.every((s) => s === 503 || s === 200)).toBe(true);
    expect(seen).toContain(503);

    await eventually(async () => ((await fetch(`${api.baseUrl}/api/health`)).ok ? true : undefined));
    // Every lead's acknowledgment and alert is sent, none lost; the process is still the same.
    await eventually(
      async () =>
        (await count(`SELECT count(*) AS n FROM mail_messages WHERE status <> 'sent'`)) === 0
          ? true
          : undefined,
      240_000,
    ).catch(async (err: unknown) => {
      // What was left, to tell a slow machine from a lost job.
      const state = await client.query(
        `SELECT status, job_queued_at IS NOT NULL AS queued, lease_until > now() AS leased, count(*)::int AS n
           FROM mail_messages GROUP BY 1, 2, 3`,
      );
      const jobs = await client.query(
        `SELECT id, attempts, run_at, locked_by, last_error FROM graphile_worker.jobs ORDER BY id`,
      );
      console.error(JSON.stringify({ messages: state.rows, jobs: jobs.rows }, null, 1));
      throw err;
    });
    expect(await count(`SELECT count(*) AS n FROM mail_messages WHERE status = 'sent'`)).toBe(80);
    // Each arrived: the acknowledgments, and the alerts one by one or in their minute's digest
    // (docs/product.md#alert-digests).
    const ids = new Set(smtp.received.map((m) => m.mail.messageId));
    expect(ids.size).toBe(
      await count(`SELECT count(DISTINCT coalesce(digest_message_id, id::text)) AS n FROM mail_messages`),
    );
    expect(new Set(smtp.received.filter((m) => m.to[0]!.startsWith('stall-')).map((m) => m.to[0])).size).toBe(
      40,
    );
    // And every job is done (the last one's completion is recorded a moment after its emails).
    await eventually(
      async () => ((await count(`SELECT count(*) AS n FROM graphile_worker.jobs`)) === 0 ? true : undefined),
      60_000,
    );
    expect(api.exited()).toBe(false);
  }, 300_000);

  it('stores nothing for a lead answered 503 while its write waited in the stalled server', async () => {
    // Connections in the pool, idle: the write goes straight into one's socket.
    await warmPool();
    await database.freeze();
    let statuses: number[];
    try {
      statuses = (await Promise.all(['late-1', 'late-2', 'late-3'].map((i) => contact(i)))).map(
        (r) => r.status,
      );
    } finally {
      await database.thaw();
    }
    expect(statuses).toEqual([503, 503, 503]);
    // The writes reach PostgreSQL now, after their deadline: refused, not stored.
    await eventually(async () => ((await fetch(`${api.baseUrl}/api/health`)).ok ? true : undefined));
    // Once no connection is in a transaction or writing a lead any more, PostgreSQL has run them.
    await eventually(async () =>
      (await count(
        `SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE '%contact_submissions%'))`,
      )) === 0
        ? true
        : undefined,
    );
    expect(await count(`SELECT count(*) AS n FROM contact_submissions WHERE email LIKE 'stall-late-%'`)).toBe(
      0,
    );
    expect(api.exited()).toBe(false);
  }, 120_000);

  it('runs a job that became due while the database was frozen and idle workers were asking for one', async () => {
    // Due in a second: the idle workers' next fetches wait in the frozen server's socket, and the
    // first one PostgreSQL runs once it resumes locks this job (docs/operations.md#worker-timeouts).
    // A worker that gave up on its fetch before then would leave it locked for hours.
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM graphile_worker.add_job('send_mail', '[{"id": -1}]'::json, run_at => now() + interval '1 second')`,
    );
    await warmPool();
    await database.freeze();
    try {
      // Longer than the statement timeout (5 s) and the second a client waits beyond it, counted
      // from the moment the job is due (a second) and a worker's next fetch (two more at most):
      // the API's own client gives up twice, one query after the other.
      await healthUntilRefused(2);
    } finally {
      await database.thaw();
    }
    await eventually(
      async () =>
        (await count(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE id = ${Number(rows[0]!.id)}`)) ===
        0
          ? true
          : undefined,
      60_000,
    );
    expect(api.exited()).toBe(false);
  }, 120_000);
});
