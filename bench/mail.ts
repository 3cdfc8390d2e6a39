// npm run bench:mail — leads at full speed for 10 s with a local SMTP server receiving, the worker
// in the API process (as npm start runs it): accepted leads per second against pgbench (as in
// bench:api), the time from a lead's 201 to its sales alert and to its acknowledgment accepted by
// the SMTP server (ack_p95_ms: goal under 10 s, docs/operations.md#worker), and
// whether every message of every accepted lead arrived exactly once. During the burst the alerts go
// out as digests (docs/product.md#alert-digests): an alert's arrival is its digest's, as the
// database records which digest carried it.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from './lib/sampling.ts';
import { pgbenchRun } from './lib/pgbench.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';
import { fmt, startApi, startDatabase, startWorkerProcess } from './lib/stack.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** How long to wait, after the load, for the queue to drain before counting a message as lost. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 300);
/** Each lead from its own person: one address gets at most 3 acknowledgments a day (docs/product.md#follow-up). */
const bodyOf = (i: number) =>
  JSON.stringify({
    name: 'Bench Person',
    email: `bench${i}@example.com`,
    company: 'Bench Co',
    service: 'sms-ai',
    message: 'A benchmark message of ordinary length.',
  });
const body = bodyOf(0);
const load = () =>
  os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');

const db = await startDatabase();
const sink = await startSmtpSink();
try {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  console.log(`pgbench: single-row INSERT (queuing its emails), ${CONNECTIONS} connections, ${SECONDS} s`);
  const { tps, p99 } = await pgbenchRun(db.url, CONNECTIONS, SECONDS);
  console.log(`  ${fmt(tps)} inserts/s, p99 ${p99} ms`);

  const mailEnv = {
    SMTP_URL: sink.url,
    SALES_NOTIFY_TO: 'sales@textflow.example',
    MAIL_FROM: 'TextFlow <hello@textflow.example>',
  };
  const api = await startApi(db.url, {
    TRUST_PROXY: '1',
    DB_POOL_SIZE: String(CONNECTIONS),
    LOG_LEVEL: 'warn',
    ...mailEnv,
  });
  // The job worker in its own process, as npm start and the Docker stack run it.
  const worker = await startWorkerProcess(db.url, mailEnv);
  try {
    const createdAt = new Map<number, number>();
    let i = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `${api.url}/api/contact`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                i += 1;
                req.headers = {
                  ...req.headers,
                  'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
                };
                req.body = bodyOf(i);
                return req;
              },
              onResponse: (status: number, resBody: string) => {
                if (status === 201) createdAt.set((JSON.parse(resBody) as { id: number }).id, Date.now());
              },
            } as autocannon.Request,
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
    const loadEnded = Date.now();
    const accepted = result['2xx'] / SECONDS;
    console.log(
      `\nAPI, the worker beside it: accepted ${fmt(accepted)} leads/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${result.non2xx + result.errors}`,
    );

    const expected = createdAt.size * 2;
    const started = Date.now();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // Done when every message is sent (a row is 'sent' once the SMTP server took it).
    const unsent = async () =>
      Number(
        (await client.query(`SELECT count(*) AS n FROM mail_messages WHERE status <> 'sent'`)).rows[0].n,
      );
    let left = await unsent();
    while (left > 0 && Date.now() - started < DRAIN_SECONDS * 1000) {
      console.log(`  ${left} messages not yet sent; ${sink.arrivals.size} emails received`);
      await new Promise((r) => setTimeout(r, 2000));
      left = await unsent();
    }
    const { rows: digested } = await client.query<{ lead_id: string; digest_message_id: string }>(
      `SELECT lead_id, digest_message_id FROM mail_messages
        WHERE template = 'sales-alert' AND lead_kind = 'contact' AND digest_message_id IS NOT NULL`,
    );
    await client.end();
    const digests = new Set(digested.map((r) => r.digest_message_id));
    const alertDelays: number[] = [];
    const ackDelays: number[] = [];
    let lost = 0;
    let doubled = 0;
    for (const times of sink.arrivals.values()) if (times.length > 1) doubled += times.length - 1;
    const byLead = new Map<string, number>();
    for (const [id, times] of sink.arrivals) {
      const m = /^<(sales-alert|acknowledgment)\.contact-(\d+)\./.exec(id);
      if (m) byLead.set(`${m[1]}:${m[2]}`, times[0]!);
    }
    for (const r of digested) {
      const at = sink.arrivals.get(r.digest_message_id)?.[0];
      if (at !== undefined) byLead.set(`sales-alert:${r.lead_id}`, at);
    }
    for (const [id, at] of createdAt) {
      const alert = byLead.get(`sales-alert:${id}`);
      const ack = byLead.get(`acknowledgment:${id}`);
      if (alert === undefined) lost += 1;
      else alertDelays.push(alert - at);
      if (ack === undefined) lost += 1;
      else ackDelays.push(ack - at);
    }
    const p95 = Math.round(percentile(alertDelays, 95));
    console.log(
      `  alerts: p50 ${Math.round(percentile(alertDelays, 50))} ms, p95 ${p95} ms, max ${Math.round(percentile(alertDelays, 100))} ms after the 201`,
    );
    const ackP95 = Math.round(percentile(ackDelays, 95));
    // Whether acknowledgments keep flowing during the rush or wait for its end (docs/operations.md#worker).
    let duringLoad = 0;
    for (const [id, times] of sink.arrivals)
      if (id.startsWith('<acknowledgment.') && times[0]! <= loadEnded) duringLoad += 1;
    console.log(
      `  acknowledgments: p50 ${Math.round(percentile(ackDelays, 50))} ms, p95 ${ackP95} ms, max ${Math.round(percentile(ackDelays, 100))} ms after the 201;` +
        ` ${duringLoad} of ${ackDelays.length} arrived during the load`,
    );
    console.log(
      `  ${createdAt.size} leads, ${expected} messages expected, ${lost} lost, ${doubled} doubled;` +
        ` ${digested.length} alerts went out in ${digests.size} digests`,
    );
    const ratio = accepted / tps;
    console.log(`load average ${load()}`);
    console.log(`\nratio: ${fmt(ratio, 2)} alert_p95_ms: ${p95} ack_p95_ms: ${ackP95} lost: ${lost}`);
  } finally {
    await worker.stop();
    await api.stop();
  }
} finally {
  await sink.close();
  await db.stop();
}
