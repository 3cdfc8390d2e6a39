import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, startOwnDatabase, type ApiProcess, type OwnDatabase } from './api-process.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// The API killed outright (SIGKILL) while its in-process worker is busy during a rush, then
// started again as `npm start` would: the jobs the dead process held are unlocked at once, not
// after graphile-worker's 4 hours, and every email goes out (docs/operations.md#locked-jobs).

let database: OwnDatabase;
let smtp: TestSmtp;
let client: pg.Client;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  database = await startOwnDatabase();
  smtp = await startSmtp();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  smtp?.release();
  await client?.end().catch(() => {});
  for (const api of apis) await api.kill('SIGKILL');
  await smtp?.close();
  await database?.close();
});

const env = () => ({ SMTP_URL: smtp.url, SALES_NOTIFY_TO: 'sales@textflow.example', ALERT_DIGEST_AT: '0' });
const start = async () => {
  const api = await startApiProcess(database.url, env());
  apis.push(api);
  return api;
};
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

describe('an API killed while its worker is busy in a rush', () => {
  it('reads no crontab file: graphile-worker is given no cron items at all', async () => {
    const api = await start();
    await new Promise((r) => setTimeout(r, 500));
    expect(api.lines.filter((l) => /crontab/i.test(String(l.msg)))).toEqual([]);
    await api.kill('SIGTERM');
  });

  it('has every job done within a minute of its next start, and loses no email', async () => {
    smtp.hold();
    const first = await start();
    const load = rush(first, 24, 3000);
    // The worker is busy: a job of it waits in the SMTP server's DATA phase, claimed and locked.
    await eventually(async () => (smtp.holding() > 0 ? true : undefined), 30_000);
    expect(
      await count(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE locked_by IS NOT NULL`),
    ).toBeGreaterThan(0);
    await first.kill('SIGKILL');
    await load.stop();
    smtp.release();
    const leads = await count(`SELECT count(*) AS n FROM contact_submissions`);
    expect(leads).toBeGreaterThan(0);

    await start();
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
    const received = new Set(smtp.received.map((m) => m.mail.messageId));
    expect(received.size).toBe(leads * 2);
  }, 240_000);
});
