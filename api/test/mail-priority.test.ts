import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { dispatch } from '../src/mail/queue.repo.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

// The messages a person waits for go ahead of the team's, whatever was queued first
// (docs/operations.md#worker): graphile-worker's priority is the jobs' one order.

describe('the order of the jobs', () => {
  let t: TestApp;
  let worker: Worker | undefined;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // One lead: its alert goes one by one (docs/product.md#alert-digests), a job of its own.
    t = await startTestApp({
      smtpUrl: smtp.url,
      salesNotifyTo: ['sales@textflow.example'],
      workerConcurrency: 1,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
    await smtp.close();
  });

  it('sends an acknowledgment before the sales alert queued ahead of it', async () => {
    // With no worker running, a lead's alert is queued, then its acknowledgment.
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, company, service, message)
       VALUES ('Waiting Person', 'waiting@example.com', 'Co', 'sms-ai', 'A message of ordinary length.')`,
    );
    const { rows } = await t.db.query<{ template: string }>(`SELECT template FROM mail_messages ORDER BY id`);
    expect(rows.map((r) => r.template)).toEqual(['sales-alert', 'acknowledgment']);
    expect(await dispatch(t.db)).toBe(2);
    // One job at a time: the acknowledgment's runs first.
    worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent') });
    const received = await smtp.waitFor(2);
    expect(received.map((m) => m.to)).toEqual([['waiting@example.com'], ['sales@textflow.example']]);
  });
});
