import http from 'node:http';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// A database that stalls (a lock held elsewhere): PostgreSQL cancels the statement after the
// statement timeout, so a 503 means nothing was stored, and a failed export looks failed
// (docs/operations.md#timeouts, docs/product.md#errors).

const lines: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ dbStatementTimeoutMs: 400, leadRateLimitPerMinute: 0 }, { log });
  await createAdmin(t);
  ({ cookie } = await signedIn(t));
});
afterAll(() => t.close());

/** Holds an exclusive lock on a table from another connection (without the app's timeouts) until released. */
async function lock(table: string): Promise<{ unlock: () => Promise<void> }> {
  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    unlock: async () => {
      await holder.query('COMMIT');
      await holder.end();
    },
  };
}
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

const othersActive = async () =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
    )
  ).rows[0]!.n;

describe('a stalled database', () => {
  it.each([
    [
      '/api/contact',
      'createContact',
      'contact_submissions',
      { name: 'Stalled', email: 's@example.com', message: 'While the table is locked.' },
    ],
    ['/api/newsletter', 'subscribeNewsletter', 'newsletter_subscribers', { email: 'stalled@example.com' }],
  ] as const)(
    'answers %s with 503 while the table is locked, and stores nothing',
    async (path, op, table, body) => {
      const holder = await lock(table);
      const res = await t.request().post(path).send(body);
      // Answered while the lock is still held, and no statement of this database waits for it any
      // more: PostgreSQL cancelled it (how soon is the statement timeout's business).
      const waiting = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      await holder.unlock();
      expectContract(op, res);
      expect(res.status).toBe(503);
      expect(waiting.rows[0]!.n).toBe(0);
      // The statement was cancelled in PostgreSQL, not merely abandoned by the client: the lock's
      // release does not let it finish later: once nothing else runs in this database, none is there.
      await expect.poll(othersActive, { timeout: 10_000 }).toBe(0);
      expect(await count(table)).toBe(0);
    },
  );
});

describe('a failed CSV export', () => {
  it('answers 503 as a problem when the database fails before the first byte', async () => {
    const holder = await lock('contact_submissions');
    try {
      const res = await t.request().get('/api/contacts/export').set('Cookie', cookie);
      expectContract('exportContacts', res);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await holder.unlock();
    }
  });

  it('cuts the connection when the database fails mid-stream, and logs an error', async () => {
    // Seeded without the app's short timeouts (a busy machine may take seconds).
    const seeder = new pg.Client({ connectionString: t.databaseUrl });
    await seeder.connect();
    await seeder.query(
      `INSERT INTO newsletter_subscribers (email) SELECT 'stream' || g || '@example.com' FROM generate_series(1, 40000) g`,
    );
    await seeder.end();
    let holder: Awaited<ReturnType<typeof lock>> | undefined;
    const outcome = await new Promise<{ status: number; complete: boolean; bytes: number }>((resolve) => {
      const req = http.get(`${t.baseUrl}/api/newsletters/export`, { headers: { cookie } }, (res) => {
        let bytes = 0;
        let locking = false;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (locking) return;
          locking = true;
          // Read slowly: the server stops fetching batches while the socket is full.
          res.pause();
          void lock('newsletter_subscribers').then((h) => {
            holder = h;
            res.resume();
          });
        });
        res.on('close', () => resolve({ status: res.statusCode!, complete: res.complete, bytes }));
        res.on('error', () => {});
      });
      req.on('error', () => {});
    });
    await holder?.unlock();
    expect(outcome.status).toBe(200);
    expect(outcome.complete).toBe(false);
    const failure = lines.find((l) => l.event === 'export.failed');
    expect(failure).toMatchObject({ level: 50, kind: 'subscriber' });
  });
});
