import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// A worker killed (SIGKILL) while the SMTP server holds its messages in the DATA phase: another
// worker sends them once their lease has run out, and every message arrives exactly once
// (docs/operations.md#email). The test runs the lease out itself (it moves the messages' lease_until
// into the past, as two minutes passing would) instead of waiting for a short one: a short lease
// could also run out under a live worker's send on a busy machine.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let smtp: TestSmtp;
let t: TestApp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    leadRateLimitPerMinute: 0,
    smtpUrl: smtp.url,
    salesNotifyTo: ['sales@textflow.example'],
  });
  await createAdmin(t);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  smtp.release();
  await t.close();
  await smtp.close();
});

/** The worker as its own process, on the test's database and SMTP server (the production lease). */
async function workerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/fixtures/worker-process.ts', '120'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      SMTP_URL: smtp.url,
      SALES_NOTIFY_TO: 'sales@textflow.example',
      WORKER_CONCURRENCY: '4',
      LOG_LEVEL: 'silent',
    },
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (l) => l === 'worker ready' && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

describe('a worker killed while sending', () => {
  it('loses no message and doubles none: another worker takes them over when their lease ends', async () => {
    smtp.hold();
    const first = await workerProcess();
    const leads = await Promise.all(
      ['One', 'Two'].map((n) =>
        t
          .request()
          .post('/api/contact')
          .send({
            name: `Crash ${n}`,
            email: `crash-${n.toLowerCase()}@example.com`,
            message: 'Kill the worker now.',
          }),
      ),
    );
    expect(leads.map((l) => l.status)).toEqual([201, 201]);
    // All four messages (two alerts, two acknowledgments) sit in the server's DATA phase.
    await eventually(async () => (smtp.holding() === 4 ? true : undefined));
    const sending = await t.db.query(`SELECT count(*)::int AS n FROM mail_messages WHERE status = 'sending'`);
    expect(sending.rows[0].n).toBe(4);

    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // The server sees the dead worker's connections close: released now, it answers nobody and
    // delivers none of the four.
    const opened = smtp.connections();
    await smtp.waitFor(0, 20_000, () => smtp.closedConnections() >= opened);
    smtp.release();
    await smtp.waitFor(0, 20_000, () => smtp.holding() === 0);
    expect(smtp.received).toHaveLength(0);

    // Their lease runs out (as after two minutes) and a new worker's sweep takes them over.
    const expired = await t.db.query(
      `UPDATE mail_messages SET lease_until = clock_timestamp() - interval '1 second' WHERE status = 'sending'`,
    );
    expect(expired.rowCount).toBe(4);
    await workerProcess();
    await smtp.waitFor(4, 30_000);
    // Every message marked sent: none can be claimed, so none sent, again (a send in flight holds its
    // message as 'sending'), and a duplicate would be here now.
    await eventually(async () => {
      const left = await t.db.query(`SELECT count(*)::int AS n FROM mail_messages WHERE status <> 'sent'`);
      return left.rows[0].n === 0 ? true : undefined;
    });
    const ids = smtp.received.map((r) => r.mail.messageId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    const rows = await t.db.query(`SELECT status, attempts FROM mail_messages ORDER BY id`);
    expect(rows.rows).toEqual(Array(4).fill({ status: 'sent', attempts: 2 }));

    const admin = await signedIn(t);
    const history = await admin.get(`/api/leads/contact/${leads[0]!.body.id}/history`);
    const types = history.body.events.map((e: { type: string }) => e.type);
    expect(types.filter((x: string) => x === 'interrupted')).toHaveLength(2);
    expect(types.filter((x: string) => x === 'sent')).toHaveLength(2);
  });
});
