import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { trackForeground, type Foreground } from '../src/jobs/foreground.ts';
import { BACKGROUND_FLAG } from '../src/jobs/queue.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { dispatch, WAITED_FOR } from '../src/mail/queue.repo.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

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
    const changes: boolean[] = [];
    tracker.onChange((busy) => changes.push(busy));
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
    // Each change told once, as the worker's thread learns it (jobs/worker-thread.ts).
    expect(changes).toEqual([true, false]);
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

/** How long this worker's relays keep background work waiting during a rush (30 s in service). */
const MAX_WAIT_MS = 4000;

describe('the worker beside a busy server', () => {
  let t: TestApp;
  let worker: Worker;
  const server = fakeForeground();

  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0, smtpUrl: undefined, workerConcurrency: 4 });
    worker = await startWorker(
      { db: t.db, config: t.config, log: createLogger('silent') },
      { yieldTo: server, dispatchIdleMs: 20, yieldMaxWaitMs: MAX_WAIT_MS },
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

  it('runs one background job at a time during a rush, claiming nothing it does not run, and catches up once it ends', async () => {
    const [steady, spare] = worker.runners;
    expect(worker.runners).toHaveLength(2);
    // A quiet moment first: once this lead's emails are done every runner waits for work, and
    // looks at the server's state before each job it takes from now on.
    await leads(1);
    await eventually(async () => ((await held()) === 2 ? true : undefined));
    // Its job done, each runner asks for the next one at once, the server still quiet: let those
    // asks find nothing before the rush begins.
    await eventually(async () =>
      (await count(`SELECT count(*)::int AS n FROM graphile_worker.jobs`)) === 0 ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 500));
    server.set(true);
    // 5 leads whose jobs were queued before the rush (10 messages), and 60 new ones (120 messages).
    await leads(5);
    // Their jobs made now (by this call, or by the worker's own dispatcher if it came first: its
    // rows are skipped here until it commits).
    await dispatch(t.db, 1000, null, false);
    await eventually(async () =>
      (await count(`SELECT count(*)::int AS n FROM mail_messages WHERE job_queued_at IS NULL`)) === 0
        ? true
        : undefined,
    );
    await leads(60);
    // During the rush the spare runner claims no job at all: with email not configured, every
    // message is only held and nobody waits for it, so all of it is background work. The steady
    // runner keeps working.
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
    // The last job's messages are recorded a moment before graphile-worker completes the job.
    await eventually(async () =>
      (await count(`SELECT count(*)::int AS n FROM graphile_worker.jobs`)) === 0 ? true : undefined,
    );
  });

  it('leaves background work in its outboxes during a rush, and hands it over once it has waited long enough', async () => {
    // An endpoint for every lead.created: each lead also writes a webhook event to its outbox.
    await t.db.query(
      `INSERT INTO webhook_endpoints (url, events, secret)
       VALUES ('http://127.0.0.1:9/hook', '{lead.created}', 'whsec_' || repeat('a', 32))`,
    );
    const waiting = async () =>
      (
        await t.db.query<{ emails: number; events: number }>(
          `SELECT (SELECT count(*) FROM mail_messages WHERE job_queued_at IS NULL)::int AS emails,
                  (SELECT count(*) FROM webhook_outbox)::int AS events`,
        )
      ).rows[0]!;
    // Quiet: the relays have caught up.
    await eventually(async () => ((await waiting()).emails === 0 ? true : undefined));
    const rushFrom = Date.now();
    server.set(true);
    // A relay's look that began a moment before, still quiet, hands over all it finds: let any such
    // look end before the leads are written (the dispatcher looks every 20 ms here, the webhook
    // relay every 100; a look that finds nothing takes a few milliseconds).
    await new Promise((r) => setTimeout(r, 300));
    await leads(20);
    const sent = await held();
    // Nobody waits for a held message: all of it is background work, and so are the deliveries.
    await new Promise((r) => setTimeout(r, MAX_WAIT_MS / 4));
    expect(await waiting()).toEqual({ emails: 40, events: 20 });
    // The rush goes on, but what waited the longest may wait for: both relays hand it all over,
    // and the steady runner does it.
    await eventually(async () => {
      const w = await waiting();
      return w.emails === 0 && w.events === 0 ? true : undefined;
    });
    // (The relays last caught up a moment before the rush began.)
    expect(Date.now() - rushFrom).toBeGreaterThanOrEqual(MAX_WAIT_MS - 500);
    expect(server.busy()).toBe(true);
    await eventually(async () => ((await held()) === sent + 40 ? true : undefined));
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries`);
    expect(rows[0]!.n).toBe(20);
    server.set(false);
    await t.db.query(`DELETE FROM webhook_endpoints`);
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
    await eventually(async () => ((await held()) === 192 ? true : undefined));
  });
});

describe('acknowledgments during a rush', () => {
  let t: TestApp;
  let worker: Worker | undefined;
  let smtp: TestSmtp;
  const server = fakeForeground();

  beforeAll(async () => {
    smtp = await startSmtp();
    // Alerts one by one (no digests), so that they are jobs beside the acknowledgments.
    t = await startTestApp({
      leadRateLimitPerMinute: 0,
      smtpUrl: smtp.url,
      salesNotifyTo: ['sales@textflow.example'],
      alertDigestAt: 0,
      workerConcurrency: 4,
    });
  });
  afterAll(async () => {
    smtp.release();
    await worker?.stop();
    await t.close();
    await smtp.close();
  });

  const sending = async () =>
    (
      await t.db.query<{ template: string; n: number }>(
        `SELECT template, count(*)::int AS n FROM mail_messages WHERE status = 'sending' GROUP BY template`,
      )
    ).rows.reduce<Record<string, number>>((all, r) => ({ ...all, [r.template]: r.n }), {});

  it('go first, on every runner, while the sales alerts wait for them (docs/operations.md#yield)', async () => {
    server.set(true);
    // The SMTP server holds every message: the jobs the runners took stay running, in plain view.
    smtp.hold();
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       SELECT 'Rush Person', 'rush' || i || '@example.com', 'Co', 'sms-ai', 'A message of ordinary length.'
         FROM generate_series(1, 100) AS i`,
    );
    await dispatch(t.db, 1000, null, true);
    // The jobs as the dispatcher made them: five of 20 acknowledgments ahead of five of 20
    // alerts, and only the alerts background work.
    const { rows: jobs } = await t.db.query<{ priority: number; background: boolean; n: number }>(
      `SELECT priority, coalesce(flags ? $1, false) AS background, count(*)::int AS n
         FROM graphile_worker.jobs GROUP BY 1, 2 ORDER BY 1`,
      [BACKGROUND_FLAG],
    );
    expect(jobs.map(({ background, n }) => ({ background, n }))).toEqual([
      { background: false, n: 5 },
      { background: true, n: 5 },
    ]);
    worker = await startWorker(
      { db: t.db, config: t.config, log: createLogger('silent') },
      { yieldTo: server, dispatchIdleMs: 20 },
    );
    // More jobs of acknowledgments than the worker runs at once: every runner takes them, busy
    // server or not (the steady one a job, the spare one three), and no alert while one waits.
    await eventually(async () => ((await sending()).acknowledgment === 80 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(await sending()).toEqual({ acknowledgment: 80 });
    const [steady, spare] = worker.runners;
    const lockedBy = async (pools: string[]) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = ANY($1::text[])`,
          [pools],
        )
      ).rows[0]!.n;
    expect(await lockedBy(steady!.poolIds())).toBe(1);
    expect(await lockedBy(spare!.poolIds())).toBe(3);
    // Once they are answered, the rest follow (the alerts one job at a time while the rush lasts).
    smtp.release();
    await smtp.waitFor(200);
    expect(smtp.received.slice(0, 80).every((r) => r.to[0]!.startsWith('rush'))).toBe(true);
    server.set(false);
  });

  it('are handed to the job queue during a rush, while the sales alerts wait in the outbox for it to end', async () => {
    await smtp.waitFor(200);
    const before = smtp.received.length;
    server.set(true);
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       SELECT 'Later Person', 'later' || i || '@example.com', 'Co', 'sms-ai', 'A message of ordinary length.'
         FROM generate_series(1, 10) AS i`,
    );
    const received = await smtp.waitFor(before + 10);
    expect(received.slice(before).every((r) => r.to[0]!.startsWith('later'))).toBe(true);
    const undispatched = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_messages WHERE template = 'sales-alert' AND job_queued_at IS NULL`,
        )
      ).rows[0]!.n;
    await new Promise((r) => setTimeout(r, 300));
    expect(await undispatched()).toBe(10);
    expect(smtp.received).toHaveLength(before + 10);
    server.set(false);
    await smtp.waitFor(before + 20);
    expect(await undispatched()).toBe(0);
  });

  it('are found among the waiting alerts through an index naming the same templates as the dispatcher', async () => {
    const { rows } = await t.db.query<{ def: string }>(
      `SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'mail_messages_waited_for_idx'`,
    );
    const named = [...rows[0]!.def.matchAll(/'([a-z-]+)'::text/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...WAITED_FOR].sort());
  });
});
