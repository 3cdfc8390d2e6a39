import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// A worker killed (SIGKILL) while the SMTP server holds its messages in the DATA phase: another
// worker sends them, and every message arrives exactly once (docs/operations.md#email).

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

/** The worker as its own process, on the test's database and SMTP server, with a 2-second lease. */
async function workerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/fixtures/worker-process.ts', '2'], {
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
    // The dead worker's connections close (the server sees it at once, give it a moment): released
    // now, the server answers nobody and delivers none of the four.
    await new Promise((r) => setTimeout(r, 500));
    smtp.release();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(0);

    await workerProcess();
    await smtp.waitFor(4, 30_000);
    // Long enough for a duplicate to show up if there were one (several sweeps and leases).
    await new Promise((r) => setTimeout(r, 3000));
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
