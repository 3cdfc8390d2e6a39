import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApiProcess,
  startOwnDatabase,
  startWorkerProcess,
  type ApiProcess,
  type OwnDatabase,
  type WorkerProcess,
} from './api-process.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// The job worker (api/src/worker.ts run directly, as the Docker stack's `worker` service runs it,
// no supervisor) killed outright (SIGKILL) while it is busy during a rush, then started again on
// the same state file, as a restarted container is: the jobs it held are unlocked as it starts,
// not after graphile-worker's 4 hours, and every email goes out (docs/operations.md#locked-jobs).

let database: OwnDatabase;
let smtp: TestSmtp;
let client: pg.Client;
let api: ApiProcess;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  database = await startOwnDatabase();
  smtp = await startSmtp();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  smtp?.release();
  await client?.end().catch(() => {});
  await api?.kill('SIGKILL');
  for (const w of workers) await w.kill('SIGKILL');
  await smtp?.close();
  await database?.close();
});

const env = () => ({ SMTP_URL: smtp.url, SALES_NOTIFY_TO: 'sales@textflow.example' });

const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);

/** Leads from `connections` clients at once, each sending the next as soon as one is answered. */
function rush(api: ApiProcess, connections: number, max: number) {
  let sent = 0;
  let stopped = false;
  const loops = Array.from({ length: connections }, async () => {
    while (!stopped && sent < max) {
      sent += 1;
      const n = sent;
      const res = await fetch(`${api.baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Rush ${n}`, email: `rush-${n}@example.com`, message: 'In the rush.' }),
      }).catch(() => undefined);
      if (!res) return; // the process is gone
      await res.arrayBuffer();
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('a worker killed while it is busy in a rush', () => {
  it('reads no crontab file: graphile-worker is given no cron items at all', async () => {
    api = await startApiProcess(database.url, env());
    expect(api.worker.lines.filter((l) => /crontab/i.test(String(l.msg)))).toEqual([]);
  });

  it('has every job done within a minute of its next start, and loses no email', async () => {
    smtp.hold();
    const first = api.worker;
    const load = rush(api, 24, 3000);
    // The worker is busy: a job of it waits in the SMTP server's DATA phase, claimed and locked.
    await eventually(async () => (smtp.holding() > 0 ? true : undefined), 30_000);
    const lockedBy = async () =>
      (
        await client.query<{ locked_by: string }>(
          `SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL`,
        )
      ).rows.map((r) => r.locked_by);
    // The only worker running holds them: these are its pools, which its file names.
    const dead = await lockedBy();
    expect(dead.length).toBeGreaterThan(0);
    await first.kill('SIGKILL');
    const written = (() => {
      try {
        return readFileSync(first.stateFile, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    })();
    await load.stop();
    smtp.release();
    const leads = await count(`SELECT count(*) AS n FROM contact_submissions`);
    expect(leads).toBeGreaterThan(0);

    const second = await startWorkerProcess(database.url, { ...env(), WORKER_STATE_FILE: first.stateFile });
    workers.push(second);
    // Ready means started: by then no job is locked by the dead process's pools any more (none
    // waits out graphile-worker's 4 hours), and the file names the new process's pools instead.
    const stillLocked = await client.query(
      `SELECT id FROM graphile_worker.jobs WHERE locked_by = ANY ($1::text[])`,
      [dead],
    );
    expect(stillLocked.rows).toEqual([]);
    expect(written).toEqual(expect.arrayContaining(dead));
    const rewritten = readFileSync(first.stateFile, 'utf8').split('\n').filter(Boolean);
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.some((id) => dead.includes(id))).toBe(false);
    await eventually(
      async () =>
        second.lines.some((l) => l.msg === 'unlocked the jobs of job pools whose process is gone') ||
        undefined,
      10_000,
    );
    // Within a minute of the new start every job is done: nothing stays locked to the dead process.
    await eventually(
      async () => ((await count(`SELECT count(*) AS n FROM graphile_worker.jobs`)) === 0 ? true : undefined),
      60_000,
    );
    // The messages the dead process was sending go out again once their lease runs out (made to
    // run out now, rather than in two minutes); the new process's sweep takes them.
    await client.query(`UPDATE mail_messages SET lease_until = clock_timestamp() WHERE status = 'sending'`);
    await eventually(
      async () =>
        (await count(`SELECT count(*) AS n FROM mail_messages WHERE status <> 'sent'`)) === 0
          ? true
          : undefined,
      90_000,
    );
    expect(await count(`SELECT count(*) AS n FROM mail_messages`)).toBe(leads * 2);
    // Every email arrives: an acknowledgment each, and the alerts one by one or in their minute's
    // digest (docs/product.md#alert-digests).
    const received = new Set(smtp.received.map((m) => m.mail.messageId));
    expect(received.size).toBe(
      await count(`SELECT count(DISTINCT coalesce(digest_message_id, id::text)) AS n FROM mail_messages`),
    );
    const acks = smtp.received.filter((m) => m.to.some((to) => to.startsWith('rush-')));
    expect(new Set(acks.map((m) => m.to[0])).size).toBe(leads);
  }, 240_000);
});
