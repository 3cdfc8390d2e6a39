import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { trackForeground, type Foreground } from '../src/jobs/foreground.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { dispatch } from '../src/mail/queue.repo.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually } from './smtp.ts';

// The in-process worker takes fewer jobs while visitors' requests keep the server busy, never
// parks one it claimed, and catches up once they stop (docs/operations.md#yield).

describe('the foreground tracker', () => {
  let server: http.Server;
  let url: string;
  const held: http.ServerResponse[] = [];
  const tracker = trackForeground(4);
  const never = trackForeground(0);

  beforeAll(async () => {
    server = http.createServer((_req, res) => held.push(res));
    server.on('request', tracker.onRequest);
    server.on('request', never.onRequest);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    tracker.stop();
    never.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is busy while requests in flight reach the mark, and idle again once they are answered', async () => {
    expect(tracker.busy()).toBe(false);
    const answers = Array.from({ length: 8 }, () => fetch(url).then((r) => r.text()));
    await eventually(async () => (tracker.busy() ? true : undefined), 5000);
    expect(tracker.inFlight()).toBe(8);
    await new Promise((r) => setTimeout(r, 250));
    expect(tracker.busy()).toBe(true);
    expect(never.busy()).toBe(false);
    for (const res of held.splice(0)) res.end('done');
    expect(await Promise.all(answers)).toEqual(Array(8).fill('done'));
    expect(tracker.inFlight()).toBe(0);
    await eventually(async () => (tracker.busy() ? undefined : true), 5000);
  });

  it('counts a request whose client went away as finished', async () => {
    const controller = new AbortController();
    const gone = fetch(url, { signal: controller.signal }).catch(() => 'aborted');
    await eventually(async () => (tracker.inFlight() === 1 ? true : undefined), 5000);
    controller.abort();
    expect(await gone).toBe('aborted');
    await eventually(async () => (tracker.inFlight() === 0 ? true : undefined), 5000);
    held.splice(0);
  });
});

/** A server whose state the test sets: busy or not. */
function fakeForeground() {
  let busy = false;
  const f: Foreground & { set(busy: boolean): void } = {
    busy: () => busy,
    set: (b) => {
      busy = b;
    },
  };
  return f;
}

describe('the worker beside a busy server', () => {
  let t: TestApp;
  let worker: Worker;
  const server = fakeForeground();

  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0, smtpUrl: undefined, workerConcurrency: 4 });
    worker = await startWorker(
      { db: t.db, config: t.config, log: createLogger('silent') },
      { yieldTo: server, dispatchIdleMs: 20 },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  // A new address for every lead: one address gets at most 3 acknowledgments a day
  // (docs/product.md#follow-up), and these tests count every message.
  let made = 0;
  const leads = (n: number) => {
    made += n;
    return t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       SELECT 'Yield Person', 'yield' || i || '@example.com', 'Co', 'sms-ai', 'A message of ordinary length.'
         FROM generate_series($2::int - $1::int + 1, $2::int) AS i`,
      [n, made],
    );
  };
  const count = async (sql: string, values: unknown[] = []) =>
    (await t.db.query<{ n: number }>(sql, values)).rows[0]!.n;
  const held = () => count(`SELECT count(*)::int AS n FROM mail_messages WHERE status = 'held'`);

  it('runs one job at a time during a rush, claiming nothing it does not run, and catches up once it ends', async () => {
    const [steady, spare] = worker.runners;
    expect(worker.runners).toHaveLength(2);
    // A quiet moment first: once this lead's emails are done every runner waits for work, and
    // looks at the server's state before each job it takes from now on.
    await leads(1);
    await eventually(async () => ((await held()) === 2 ? true : undefined));
    server.set(true);
    // 5 leads whose jobs were queued before the rush (10 messages), and 60 new ones (120 messages).
    await leads(5);
    // Their jobs made now (by this call, or by the worker's own dispatcher if it came first).
    await dispatch(t.db);
    expect(await count(`SELECT count(*)::int AS n FROM mail_messages WHERE job_queued_at IS NULL`)).toBe(0);
    await leads(60);
    // During the rush the spare runner claims no job at all; the steady one keeps working.
    const until = Date.now() + 1500;
    let spareClaims = 0;
    while (Date.now() < until) {
      spareClaims += await count(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = ANY($1::text[])`,
        [spare!.poolIds()],
      );
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(spareClaims).toBe(0);
    await eventually(async () => ((await held()) > 0 ? true : undefined));
    expect(steady!.poolIds().length).toBe(1);
    // Every job it holds is running: after the rush, nothing stays locked and everything is done.
    server.set(false);
    await eventually(async () => ((await held()) === 132 ? true : undefined));
    expect(await count(`SELECT count(*)::int AS n FROM graphile_worker.jobs`)).toBe(0);
  });

  it('restarts a runner that stopped unexpectedly, unlocking what it held', async () => {
    const [steady] = worker.runners;
    const before = steady!.poolIds();
    await steady!.fail();
    await eventually(async () => {
      const now = steady!.poolIds();
      return now.length === 1 && now[0] !== before[0] ? true : undefined;
    });
    await leads(10);
    await eventually(async () => ((await held()) === 152 ? true : undefined));
  });
});
