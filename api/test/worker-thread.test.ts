import { MessageChannel } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { trackForeground } from '../src/jobs/foreground.ts';
import { forwardedCounters, startWorkerThread, type ThreadMessage } from '../src/jobs/worker-thread.ts';
import type { Metrics } from '../src/metrics/metrics.ts';
import { startApiProcess, startOwnDatabase, type ApiProcess, type OwnDatabase } from './api-process.ts';
import { eventually } from './smtp.ts';

// Under `npm start` the job worker runs in a thread of the API process, and its counts reach the
// API's metrics (jobs/worker-thread.ts, docs/operations.md#yield).

describe("the worker thread's counters", () => {
  it('send the counts of half a second in one message, summed by counter and labels', async () => {
    const { port1, port2 } = new MessageChannel();
    const received: ThreadMessage[] = [];
    port2.on('message', (m: ThreadMessage) => received.push(m));
    const counts = forwardedCounters(port1);
    counts.emails.inc({ template: 'acknowledgment', outcome: 'held' });
    counts.emails.inc({ outcome: 'held', template: 'acknowledgment' }, 2);
    counts.emails.inc({ template: 'sales-alert', outcome: 'sent' });
    counts.retentionRuns.inc();
    counts.flush();
    await eventually(async () => received[0], 2000);
    expect(received).toEqual([
      {
        type: 'counts',
        counts: [
          { metric: 'emails', labels: { template: 'acknowledgment', outcome: 'held' }, value: 3 },
          { metric: 'emails', labels: { template: 'sales-alert', outcome: 'sent' }, value: 1 },
          { metric: 'retentionRuns', labels: {}, value: 1 },
        ],
      },
    ]);
    counts.flush();
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    port1.close();
  });
});

describe('a worker thread that ends by itself', () => {
  it('is started again, as often as it takes, and stopping between two of them does not wait', async () => {
    const lines: { msg: string }[] = [];
    const log = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as { msg: string });
          done();
        },
      }),
    );
    const foreground = trackForeground(0);
    const thread = await startWorkerThread({
      entry: new URL('./fixtures/crashing-thread.ts', import.meta.url),
      databaseUrl: 'postgres://unused',
      log,
      // This thread counts nothing.
      metrics: {} as Metrics,
      foreground,
    });
    const ends = () => lines.filter((l) => l.msg.startsWith('the job worker thread ended')).length;
    // Up, ended, started again a second later, ended again.
    await eventually(async () => (ends() >= 2 ? true : undefined), 10_000);
    const started = Date.now();
    await thread.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    const after = ends();
    await new Promise((r) => setTimeout(r, 1500));
    expect(ends()).toBe(after);
    foreground.stop();
  });
});

describe('the API process with its worker in a thread', () => {
  let database: OwnDatabase;
  let api: ApiProcess;
  let metricsPort: number;
  beforeAll(async () => {
    database = await startOwnDatabase();
    metricsPort = await freePort();
    api = await startApiProcess(database.url, { METRICS_PORT: String(metricsPort) });
  });
  afterAll(async () => {
    await api?.kill('SIGKILL');
    await database?.close();
  });

  it("renders a lead's emails in the thread, counts them in the API's metrics, and stops with the API", async () => {
    const res = await fetch(`${api.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Please call me back.',
      }),
    });
    expect(res.status).toBe(201);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // No SMTP server: both emails are rendered and held (docs/operations.md#email).
      await eventually(async () => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM mail_messages WHERE status = 'held'`,
        );
        return rows[0].n === 2 || undefined;
      }, 10_000);
    } finally {
      await client.end();
    }
    const text = await eventually(async () => {
      const body = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      return body.includes('leaddesk_emails_total{outcome="held",template="acknowledgment"} 1')
        ? body
        : undefined;
    }, 5000);
    expect(text).toContain('leaddesk_emails_total{outcome="held",template="sales-alert"} 1');
    // The worker's lines are its own; the API's process ran it.
    expect(api.lines.some((l) => l.service === 'worker' && l.msg === 'job worker started')).toBe(true);
    await api.kill('SIGTERM');
    expect(api.child.exitCode).toBe(0);
    expect(api.lines.at(-1)).toMatchObject({ service: 'api', msg: 'stopped' });
    expect(api.lines.some((l) => l.msg === 'the job worker did not stop cleanly')).toBe(false);
  });
});
