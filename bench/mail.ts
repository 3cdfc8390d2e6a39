// npm run bench:mail — leads with a local SMTP server receiving and the job worker in its own
// process (as npm start and the Docker stack run it), in two runs. Saturation: 32 connections that
// never pause for 10 s; accepted leads per second against pgbench (as in bench:api). Steady: an
// evenly spaced 20 leads/s (open loop: each sent at its time, whatever the answers before it) for
// 60 s. For each run: the time to each lead's acknowledgment and sales alert accepted by the SMTP
// server, and whether every message of every accepted lead arrived exactly once.
//
// Alerts follow the per-recipient rule (docs/product.md#alert-digests): one sales team gets the first
// 10 of a minute one by one and the rest of that minute in one digest at the minute's end, so at
// these rates most alerts go in digests by design. An alert's latency is counted from when the rule
// makes it due (its lead's 201 for one sent alone, the end of its lead's minute for one in a digest)
// to its arrival; the raw time from the 201 is printed beside it, for information.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from './lib/sampling.ts';
import { pgbenchRun } from './lib/pgbench.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';
import { fmt, startApi, startDatabase, startWorkerProcess } from './lib/stack.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The steady run: leads a second, evenly spaced, for so many seconds. */
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 20);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 60);
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

/**
 * Sends STEADY_RATE leads a second for STEADY_SECONDS, each at its own time (k / STEADY_RATE s after
 * the start) without waiting for earlier answers; lead numbers from `from` on.
 */
async function steady(url: string, from: number) {
  const createdAt = new Map<number, number>();
  const latencies: number[] = [];
  const n = STEADY_RATE * STEADY_SECONDS;
  const t0 = performance.now() + 100;
  const pending: Promise<void>[] = [];
  for (let k = 0; k < n; k++) {
    const wait = t0 + (k * 1000) / STEADY_RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const i = from + k;
    const sentAt = performance.now();
    pending.push(
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Forwarded-For': `11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: bodyOf(i),
      }).then(
        async (res) => {
          const text = await res.text();
          latencies.push(performance.now() - sentAt);
          if (res.status === 201) createdAt.set((JSON.parse(text) as { id: number }).id, Date.now());
        },
        () => {},
      ),
    );
  }
  await Promise.all(pending);
  return { createdAt, latencies, sent: n };
}

interface Measured {
  leads: number;
  alertP95: number;
  alertRaw: number[];
  alertDue: number[];
  ack: number[];
  ackP95: number;
  lost: number;
  doubled: number;
  singles: number;
  digested: number;
  digests: number;
  ackDuringLoad: number;
}

/** Waits for the queue to drain, then reads when each of these leads' alert and acknowledgment arrived. */
async function measure(
  client: pg.Client,
  createdAt: Map<number, number>,
  loadEnded: number,
): Promise<Measured> {
  const started = Date.now();
  // Done when every message is sent (a row is 'sent' once the SMTP server took it).
  const unsent = async () =>
    Number((await client.query(`SELECT count(*) AS n FROM mail_messages WHERE status <> 'sent'`)).rows[0].n);
  let left = await unsent();
  while (left > 0 && Date.now() - started < DRAIN_SECONDS * 1000) {
    console.log(`  ${left} messages not yet sent; ${sink.arrivals.size} emails received`);
    await new Promise((r) => setTimeout(r, 2000));
    left = await unsent();
  }
  const { rows } = await client.query<{
    lead_id: string;
    digest_message_id: string | null;
    created_at: Date;
  }>(
    `SELECT lead_id, digest_message_id, created_at FROM mail_messages
      WHERE template = 'sales-alert' AND lead_kind = 'contact' AND lead_id = ANY ($1::bigint[])`,
    [[...createdAt.keys()]],
  );
  const alerts = new Map(rows.map((r) => [Number(r.lead_id), r]));
  const byMessage = new Map<string, number>();
  for (const [id, times] of sink.arrivals) {
    const m = /^<(sales-alert|acknowledgment)\.contact-(\d+)\./.exec(id);
    if (m && createdAt.has(Number(m[2]))) byMessage.set(`${m[1]}:${m[2]}`, times[0]!);
  }
  const m: Measured = {
    leads: createdAt.size,
    alertP95: 0,
    alertRaw: [],
    alertDue: [],
    ack: [],
    ackP95: 0,
    lost: 0,
    doubled: 0,
    singles: 0,
    digested: 0,
    digests: new Set(rows.flatMap((r) => (r.digest_message_id ? [r.digest_message_id] : []))).size,
    ackDuringLoad: 0,
  };
  const seen = new Set<string>();
  for (const [id, at] of createdAt) {
    const row = alerts.get(id);
    const digest = row?.digest_message_id;
    const alertAt = digest ? sink.arrivals.get(digest)?.[0] : byMessage.get(`sales-alert:${id}`);
    const ackAt = byMessage.get(`acknowledgment:${id}`);
    if (alertAt === undefined || row === undefined) m.lost += 1;
    else {
      // Due: the 201 for an alert sent alone, the end of its lead's clock minute for one in a digest.
      const due = digest ? Math.floor(row.created_at.getTime() / 60_000) * 60_000 + 60_000 : at;
      m.alertDue.push(alertAt - due);
      m.alertRaw.push(alertAt - at);
      if (digest) m.digested += 1;
      else m.singles += 1;
    }
    if (ackAt === undefined) m.lost += 1;
    else {
      m.ack.push(ackAt - at);
      if (ackAt <= loadEnded) m.ackDuringLoad += 1;
    }
    for (const messageId of [`<acknowledgment.contact-${id}.`, `<sales-alert.contact-${id}.`])
      seen.add(messageId);
    if (digest) seen.add(digest);
  }
  for (const [id, times] of sink.arrivals) {
    const key = id.startsWith('<sales-digest') ? id : (/^<[a-z-]+\.contact-\d+\./.exec(id)?.[0] ?? id);
    if (seen.has(key) && times.length > 1) m.doubled += times.length - 1;
  }
  m.alertP95 = Math.round(percentile(m.alertDue, 95));
  m.ackP95 = Math.round(percentile(m.ack, 95));
  return m;
}

function report(m: Measured) {
  const ms = (values: number[], p: number) => Math.round(percentile(values, p));
  console.log(
    `  alerts (${m.singles} alone, ${m.digested} in ${m.digests} digests), from when due: p50 ${ms(m.alertDue, 50)} ms, p95 ${m.alertP95} ms, max ${ms(m.alertDue, 100)} ms`,
  );
  console.log(
    `  alerts, raw from the 201 (for information): p50 ${ms(m.alertRaw, 50)} ms, p95 ${ms(m.alertRaw, 95)} ms, max ${ms(m.alertRaw, 100)} ms`,
  );
  console.log(
    `  acknowledgments: p50 ${ms(m.ack, 50)} ms, p95 ${m.ackP95} ms, max ${ms(m.ack, 100)} ms after the 201;` +
      ` ${m.ackDuringLoad} of ${m.ack.length} arrived during the load`,
  );
  console.log(`  ${m.leads} leads, ${m.leads * 2} messages expected, ${m.lost} lost, ${m.doubled} doubled`);
}

const db = await startDatabase();
const sink = await startSmtpSink();
try {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  console.log(`pgbench: single-row INSERT (queuing its emails), ${CONNECTIONS} connections, ${SECONDS} s`);
  const { tps, p99 } = await pgbenchRun(db.url, CONNECTIONS, SECONDS, { ownerUrl: db.ownerUrl });
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
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    console.log(
      `\nAPI, the worker beside it: accepted ${fmt(accepted)} leads/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${result.non2xx + result.errors}`,
    );

    const saturation = await measure(client, createdAt, loadEnded);
    report(saturation);

    console.log(
      `\nsteady: ${STEADY_RATE} leads/s, evenly spaced (open loop), ${STEADY_SECONDS} s, the same worker`,
    );
    const sent = await steady(api.url, i + 1);
    console.log(
      `  ${sent.createdAt.size} of ${sent.sent} accepted, p50 ${Math.round(percentile(sent.latencies, 50))} ms, p99 ${Math.round(percentile(sent.latencies, 99))} ms, non-201/errors ${sent.sent - sent.createdAt.size}`,
    );
    const steadyRun = await measure(client, sent.createdAt, Date.now());
    report(steadyRun);
    await client.end();

    const ratio = accepted / tps;
    console.log(`load average ${load()}`);
    console.log(
      "\nalert latencies below: from when the rule makes an alert due (its lead's 201 alone, its minute's end in a digest) to its arrival",
    );
    console.log(
      `ratio: ${fmt(ratio, 2)} alert_p95_ms: ${saturation.alertP95} ack_p95_ms: ${saturation.ackP95} lost: ${saturation.lost + steadyRun.lost}` +
        ` steady_alert_p95_ms: ${steadyRun.alertP95} steady_ack_p95_ms: ${steadyRun.ackP95}`,
    );
  } finally {
    await worker.stop();
    await api.stop();
  }
} finally {
  await sink.close();
  await db.stop();
}
