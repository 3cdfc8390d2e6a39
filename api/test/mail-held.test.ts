import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.ts';
import { NOT_CONFIGURED } from '../src/mail/send-mail.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { createMetrics, startMetricsServer, type Metrics } from '../src/metrics/metrics.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { eventually } from './smtp.ts';

// Without SMTP_URL (npm start, or docker compose up with no configuration) nothing is sent: every
// message is rendered and held, readable in the desk. And the metrics an operator scrapes.

let t: TestApp;
let metrics: Metrics;
let worker: Worker;
let metricsServer: http.Server;
let metricsUrl: string;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await startTestApp(
    { leadRateLimitPerMinute: 0, smtpUrl: undefined, salesNotifyTo: ['sales@textflow.example'] },
    {
      metrics: (db) => (metrics = createMetrics(db)),
    },
  );
  worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent'), metrics });
  metricsServer = await startMetricsServer(metrics, '127.0.0.1', 0, createLogger('silent'));
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(async () => {
  metricsServer.close();
  await worker.stop();
  await t.close();
});

describe('without SMTP_URL', () => {
  it('holds every message, rendered, with the reason, and the desk shows it and can queue it again', async () => {
    const lead = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Held Person', email: 'held@example.com' });
    const rows = await eventually(async () => {
      const r = await t.db.query(`SELECT * FROM mail_messages WHERE lead_id = $1 ORDER BY template`, [
        lead.body.id,
      ]);
      return r.rows.every((m) => m.status === 'held') ? r.rows : undefined;
    });
    expect(rows.map((m) => [m.template, m.last_error])).toEqual([
      ['acknowledgment', NOT_CONFIGURED],
      ['sales-alert', NOT_CONFIGURED],
    ]);
    const shown = await admin.get(`/api/mail-messages/${rows[0].id}`);
    expectContract('getMailMessage', shown);
    expect(shown.body).toMatchObject({ status: 'held', recipients: ['held@example.com'], canResend: true });
    expect(shown.body.text).toContain('Our team will contact you within 24 hours to get you started.');
    expect(shown.body.html).toContain('<html');

    const history = await admin.get(`/api/leads/get-started/${lead.body.id}/history`);
    expectContract('getLeadHistory', history);
    expect(history.body.events.filter((e: { type: string }) => e.type === 'held')).toHaveLength(2);
    expect(history.body.messages.map((m: { status: string }) => m.status)).toEqual(['held', 'held']);

    const health = await admin.get('/api/admin/delivery');
    expectContract('getDeliveryHealth', health);
    expect(health.body).toMatchObject({ held: 2, queued: 0, failed: 0, emailConfigured: false });

    const again = await admin.post(`/api/mail-messages/${rows[0].id}/resend`);
    expectContract('resendMailMessage', again);
    expect(again.status).toBe(202);
    await eventually(async () => {
      const h = (await admin.get(`/api/leads/get-started/${lead.body.id}/history`)).body.events;
      return h.filter((e: { type: string }) => e.type === 'held').length === 3 ? true : undefined;
    });
    expect((await admin.get('/api/mail-messages/abc')).status).toBe(404);
    expect((await t.request().get(`/api/mail-messages/${rows[0].id}`)).status).toBe(401);
  });
});

describe('metrics', () => {
  it('are on their own port only, with request latency, lead counts, queue depth and email outcomes', async () => {
    await t
      .request()
      .post('/api/contact')
      .send({ name: 'Metric Person', email: 'm@example.com', message: 'Count me, please.' });
    await eventually(async () => {
      const r = await t.db.query(`SELECT count(*)::int AS n FROM mail_messages WHERE status = 'queued'`);
      return r.rows[0].n === 0 ? true : undefined;
    });
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(
      /leaddesk_http_request_duration_seconds_bucket\{le="0.01",operation="createContact",method="POST",status="201"\} \d+/,
    );
    expect(text).toMatch(/leaddesk_leads\{kind="contact"\} 1/);
    expect(text).toMatch(/leaddesk_job_queue_depth\{state="ready"\} \d+/);
    expect(text).toMatch(/leaddesk_emails_total\{outcome="held",template="sales-alert"\} \d+/);
    expect(text).toMatch(/leaddesk_emails_unsent\{status="held"\} \d+/);
    expect(text).toMatch(/leaddesk_process_cpu_seconds_total/);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    // Not on the API's public port, under any name.
    for (const p of ['/metrics', '/api/metrics']) expect((await t.request().get(p)).status, p).toBe(404);
  });
});
