import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { gate, holding, pace, trackForeground, type Foreground } from '../src/jobs/foreground.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { dispatch } from '../src/mail/queue.repo.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually } from './smtp.ts';

// The in-process worker yields to visitors' requests while they keep the server busy, and catches
// up once they stop (docs/operations.md#yield).

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
    const since = tracker.busyFor();
    await new Promise((r) => setTimeout(r, 250));
    expect(tracker.busyFor()).toBeGreaterThanOrEqual(since + 200);
    expect(never.busy()).toBe(false);
    for (const res of held.splice(0)) res.end('done');
    expect(await Promise.all(answers)).toEqual(Array(8).fill('done'));
    expect(tracker.inFlight()).toBe(0);
    await eventually(async () => (tracker.busy() ? undefined : true), 5000);
    expect(tracker.busyFor()).toBe(0);
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

/** A server whose state the test sets: busy or not, and since when. */
function fakeForeground() {
  let busySince: number | null = null;
  const f: Foreground & { set(busy: boolean): void } = {
    busy: () => busySince !== null,
    busyFor: () => (busySince === null ? 0 : Date.now() - busySince),
    set: (busy) => {
      busySince = busy ? (busySince ?? Date.now()) : null;
    },
  };
  return f;
}

describe('pace', () => {
  it('takes everything while the server is idle, nothing early in a rush, then small portions spaced apart', async () => {
    const f = fakeForeground();
    const p = pace(f, 4, 60_000, 200);
    expect(p.allowance(1000)).toBe(1000);
    expect(p.allowance(1000)).toBe(1000);
    f.set(true);
    expect(holding(f, 200)).toBe(true);
    expect(p.allowance(1000)).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    expect(holding(f, 200)).toBe(false);
    expect(p.allowance(1000)).toBe(4);
    expect(p.allowance(1000)).toBe(0);
    expect(p.allowance(2)).toBe(0);
    f.set(false);
    expect(p.allowance(1000)).toBe(1000);
    expect(pace(undefined, 4).allowance(1000)).toBe(1000);
    expect(holding(undefined)).toBe(false);
  });
});

describe('gate', () => {
  it('lets jobs pass at once unless the server is held, then when the hold ends or the gate is released', async () => {
    const f = fakeForeground();
    const g = gate(f, 60_000, 10);
    const passed = (p: Promise<void>) =>
      Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 100))]);
    expect(await passed(g.pass())).toBe(true);
    f.set(true);
    const waiting = [g.pass(), g.pass()];
    expect(await passed(Promise.all(waiting).then(() => {}))).toBe(false);
    f.set(false);
    expect(await passed(Promise.all(waiting).then(() => {}))).toBe(true);
    f.set(true);
    const atShutdown = g.pass();
    expect(await passed(atShutdown)).toBe(false);
    g.release();
    expect(await passed(atShutdown)).toBe(true);
    expect(await passed(g.pass())).toBe(true);
  });
});

describe('the worker beside a busy server', () => {
  const HOLD = 3000;
  let t: TestApp;
  let worker: Worker;
  const server = fakeForeground();

  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0, smtpUrl: undefined });
    worker = await startWorker(
      { db: t.db, config: t.config, log: createLogger('silent') },
      { yieldTo: server, dispatchIdleMs: 20, holdMs: HOLD },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const leads = (n: number) =>
    t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       SELECT 'Yield Person', 'yield' || i || '@example.com', 'Co', 'sms-ai', 'A message of ordinary length.'
         FROM generate_series(1, $1::int) AS i`,
      [n],
    );
  const count = async (where: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages WHERE ${where}`)).rows[0]!
      .n;

  it('starts nothing early in a rush, queued jobs included, then moves slowly, and catches up once it ends', async () => {
    server.set(true);
    const rushBegan = Date.now();
    // 5 leads whose jobs were queued before (10 messages), and 40 new ones (80 messages).
    await leads(5);
    expect(await dispatch(t.db)).toBe(10);
    await leads(40);
    await new Promise((r) => setTimeout(r, 1000));
    expect(Date.now() - rushBegan).toBeLessThan(HOLD);
    expect(await count(`status = 'held'`)).toBe(0);
    expect(await count('job_queued_at IS NOT NULL')).toBe(10);
    // After the hold: the queued jobs run and new emails are handed over, a few at a time.
    await eventually(async () => ((await count(`status = 'held'`)) >= 10 ? true : undefined), 10_000);
    await eventually(async () => ((await count('job_queued_at IS NOT NULL')) > 10 ? true : undefined), 5000);
    const before = await count('job_queued_at IS NOT NULL');
    await new Promise((r) => setTimeout(r, 1000));
    // At most 4 messages per 200 ms: after about a second, far from all 80.
    expect((await count('job_queued_at IS NOT NULL')) - before).toBeLessThanOrEqual(40);
    server.set(false);
    await eventually(async () => ((await count(`status = 'held'`)) === 90 ? true : undefined));
    expect(await count(`status <> 'held'`)).toBe(0);
  });
});
