import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { pace, trackForeground } from '../src/jobs/foreground.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
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

describe('pace', () => {
  it('takes everything while the server is idle, and small portions spaced apart while it is busy', () => {
    let busy = false;
    const p = pace({ busy: () => busy }, 4, 60_000);
    expect(p.allowance(1000)).toBe(1000);
    expect(p.allowance(1000)).toBe(1000);
    busy = true;
    expect(p.allowance(1000)).toBe(4);
    expect(p.allowance(1000)).toBe(0);
    expect(p.allowance(2)).toBe(0);
    busy = false;
    expect(p.allowance(1000)).toBe(1000);
    expect(pace(undefined, 4).allowance(1000)).toBe(1000);
  });
});

describe('the worker beside a busy server', () => {
  let t: TestApp;
  let worker: Worker;
  let busy = true;

  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0, smtpUrl: undefined });
    worker = await startWorker(
      { db: t.db, config: t.config, log: createLogger('silent') },
      { yieldTo: { busy: () => busy }, dispatchIdleMs: 20 },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('hands new emails to the queue slowly while the server is busy, and all of them once it is not', async () => {
    // 40 leads at once: 80 messages in the outbox.
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       SELECT 'Yield Person', 'yield' || i || '@example.com', 'Co', 'sms-ai', 'A message of ordinary length.'
         FROM generate_series(1, 40) AS i`,
    );
    const handed = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_messages WHERE job_queued_at IS NOT NULL`,
        )
      ).rows[0]!.n;
    // It keeps moving: the first portion goes at once.
    await eventually(async () => ((await handed()) > 0 ? true : undefined), 5000);
    await new Promise((r) => setTimeout(r, 1000));
    // At most 4 messages per 200 ms: after about a second, far from all 80.
    const meanwhile = await handed();
    expect(meanwhile).toBeGreaterThanOrEqual(4);
    expect(meanwhile).toBeLessThanOrEqual(40);
    busy = false;
    await eventually(async () => {
      const { rows } = await t.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM mail_messages GROUP BY status`,
      );
      return rows.length === 1 && rows[0]!.status === 'held' && rows[0]!.n === 80 ? true : undefined;
    });
  });
});
