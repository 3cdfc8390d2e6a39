// npm run bench:webhooks — 5,000 leads, each a lead.created event for one subscribed endpoint: a
// local receiver that verifies every signature and fails 20% of requests at random. Reports how
// many events reached it (a 2xx) and how soon each event's first attempt came after its lead's
// 201. Retries are 1 s apart here (WEBHOOK_RETRY_SCHEDULE) instead of 5 s ... 10 h.
import os from 'node:os';
import pg from 'pg';
import { percentile } from './lib/sampling.ts';
import { fmt, startApi, startDatabase, startWorkerProcess } from './lib/stack.ts';
import { startBenchReceiver, subscribe } from './lib/webhook-receiver.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
/** Leads submitted per second: a busy site's peak, well above a real one's. */
const RATE = Number(process.env.BENCH_RATE ?? 250);
const IN_FLIGHT = 32;
const FAIL_SHARE = 0.2;
const SCHEDULE = '1s,1s,1s,1s,1s,1s,1s';
/** After the last submission, how long the deliveries may take to settle. */
const SETTLE_MS = 120_000;
const PASSWORD = 'bench-admin-password';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const db = await startDatabase();
const receiver = await startBenchReceiver(FAIL_SHARE);
try {
  const webhookEnv = {
    WEBHOOK_ALLOW_HTTP: '1',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
    WORKER_POLL_INTERVAL_MS: '200',
  };
  const api = await startApi(db.url, {
    LEAD_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: PASSWORD,
    ...webhookEnv,
  });
  // The job worker in its own process, as npm start and the Docker stack run it.
  const worker = await startWorkerProcess(db.url, webhookEnv);
  try {
    await subscribe(api.url, PASSWORD, receiver);
    console.log(
      `${EVENTS} leads at ${RATE}/s (${IN_FLIGHT} in flight at most), receiver failing ${FAIL_SHARE * 100}% at random, retries ${SCHEDULE}; ${os.cpus().length} cores`,
    );

    /** When each lead's 201 arrived, by lead id. */
    const createdAt = new Map<number, number>();
    let refused = 0;
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; i < EVENTS; i++) {
      await sleep(started + (i * 1000) / RATE - Date.now());
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const p = fetch(`${api.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-webhooks-${i}` },
        body: JSON.stringify({
          name: `Bench Person ${i}`,
          email: `bench${i}@example.com`,
          message: 'A benchmark message.',
        }),
      }).then(async (res) => {
        const at = Date.now();
        if (res.status !== 201) refused += 1;
        else createdAt.set(((await res.json()) as { id: number }).id, at);
      });
      const tracked = p.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    await Promise.all(inFlight);
    const submitSeconds = (Date.now() - started) / 1000;
    console.log(
      `submitted in ${fmt(submitSeconds)} s (${fmt(EVENTS / submitSeconds)} leads/s), ${refused} not 201`,
    );

    const until = Date.now() + SETTLE_MS;
    while (receiver.delivered.size < createdAt.size && Date.now() < until) await sleep(250);
    const settleSeconds = (Date.now() - started) / 1000 - submitSeconds;

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ status: string; n: number; attempts: number }>(
      `SELECT status, count(*)::int AS n, sum(attempts)::int AS attempts FROM webhook_deliveries GROUP BY status ORDER BY status`,
    );
    await client.end();

    const firstAttempt: number[] = [];
    for (const [webhookId, seen] of receiver.firstSeen) {
      const lead = receiver.leadOf.get(webhookId);
      const created = lead === undefined ? undefined : createdAt.get(lead);
      if (created !== undefined) firstAttempt.push(seen - created);
    }
    const delivered = [...receiver.delivered].filter((id) =>
      createdAt.has(receiver.leadOf.get(id) ?? -1),
    ).length;
    const total = createdAt.size;
    console.log(`settled ${fmt(settleSeconds)} s after the last submission`);
    console.log(
      `receiver: ${receiver.requests} requests, ${receiver.failedOnPurpose} failed on purpose, ${receiver.badSignatures} bad signatures`,
    );
    console.log(
      `deliveries in the log: ${rows.map((r) => `${r.status} ${r.n} (${r.attempts} attempts)`).join(', ')}`,
    );
    console.log(
      `first attempt after the lead's 201: p50 ${percentile(firstAttempt, 50)} ms, p95 ${percentile(firstAttempt, 95)} ms, p99 ${percentile(firstAttempt, 99)} ms, max ${Math.max(...firstAttempt)} ms`,
    );
    console.log(
      `delivered: ${delivered} of ${total} lost: ${total - delivered} first_attempt_p95_ms: ${percentile(firstAttempt, 95)}`,
    );
  } finally {
    await worker.stop();
    await api.stop();
  }
} finally {
  await receiver.close();
  await db.stop();
}
