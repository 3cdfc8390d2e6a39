// npm run bench:api — accepted POST /api/contact per second with every protection on, against
// the same single-row INSERT done by pgbench at the same concurrency, measured in one run; then a
// steady run as a site is used: leads at a fixed, evenly spaced rate (20 a second unless
// BENCH_STEADY_RATE says otherwise, for BENCH_STEADY_SECONDS, 30 unless set), sent open-loop, against
// pgbench --rate at the same rate running the statements the API runs for one lead
// (bench/pgbench-lead.sql). docs/testing.md#benchmarks says what each figure means. A
// webhook endpoint (a local receiver) is subscribed to every event, so every lead also writes its
// webhook event besides its emails, and the job worker sends and delivers them meanwhile
// (BENCH_WEBHOOK=0 measures without an endpoint). SPAM_CHALLENGE=enforce (or monitor) measures with
// the proof-of-work check on: every lead of the measured run carries a valid solution of its own,
// solved before the run as a visitor's browser would have while typing (the steady run sends none,
// as its yardstick models the check off).
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pgbenchAtRate, pgbenchRun } from './lib/pgbench.ts';
import { percentile, sampleCpu } from './lib/sampling.ts';
import { fmt, root, startApi, startDatabase, startWorkerProcess } from './lib/stack.ts';
import { steadyLoad, type SteadyAnswer } from './lib/steady.ts';
import { startBenchReceiver, subscribe, type BenchReceiver } from './lib/webhook-receiver.ts';

const CONNECTIONS = 32;
/**
 * Whether the job worker runs while the API is measured: `process` (its own process, as npm start
 * and the Docker stack run it; the default) or `off`.
 */
const WORKER = process.env.BENCH_WORKER ?? 'process';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The steady run: leads a second (about ten times a launch day's peak for a B2B site) and seconds. */
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 20);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30);
const STEADY_SCRIPT = path.join(root, 'bench/pgbench-lead.sql');
const WEBHOOK = process.env.BENCH_WEBHOOK !== '0';
/**
 * LEAD_AUTO_ASSIGN for the API (`off` by default); with `least-open`, BENCH_API_MEMBERS people who
 * work leads (50 unless set) share the new leads (docs/operations.md#auto-assign).
 */
const AUTO_ASSIGN = process.env.BENCH_API_AUTO_ASSIGN ?? 'off';
const MEMBERS = Number(process.env.BENCH_API_MEMBERS ?? 50);
const PASSWORD = 'bench-admin-password';
const SPAM = process.env.SPAM_CHALLENGE ?? 'off';
/**
 * The work of one challenge for this run: solving tens of thousands in advance at the site's
 * default (50,000) would take this machine minutes; the server's cost to verify is one hash and one
 * HMAC whatever it is (docs/operations.md#spam-challenge).
 */
const SPAM_MAX_NUMBER = process.env.SPAM_CHALLENGE_MAX_NUMBER ?? '1000';
/** Solutions solved in advance: more than the measured run and its warm-up can send. */
const SOLUTIONS = Number(process.env.BENCH_SOLUTIONS ?? 60_000);
let solutions: string[] = [];
/** Each lead from its own person: one address gets at most 3 acknowledgments a day (docs/product.md#follow-up). */
const bodyOf = (i: number) =>
  JSON.stringify({
    name: 'Bench Person',
    email: `bench${i}@example.com`,
    phone: '+1 555 0100',
    company: 'Bench Co',
    service: 'sms-ai',
    message: 'A benchmark message of ordinary length.',
    ...(solutions.length ? { altcha: solutions.pop() } : {}),
  });

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The number whose SHA-256 with the salt is the challenge, as the widget finds it: the widget's payload. */
function solve(c: Challenge): string {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    ) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number: n, salt, signature })).toString(
        'base64',
      );
    }
  }
  throw new Error('a challenge without a solution');
}

/** `n` challenges from the API, solved; each from its own forwarded address, as the leads are sent. */
async function solveAhead(url: string, n: number): Promise<string[]> {
  const started = Date.now();
  const out: string[] = [];
  let asked = 0;
  const fetchOne = async () => {
    while (out.length < n) {
      const i = (asked += 1);
      const res = await fetch(`${url}/api/spam-challenge`, {
        headers: { 'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      });
      out.push(solve((await res.json()) as Challenge));
    }
  };
  await Promise.all(Array.from({ length: 8 }, fetchOne));
  console.log(`  ${out.length} challenges fetched and solved in ${fmt((Date.now() - started) / 1000)} s`);
  return out;
}
const body = bodyOf(0);

/** Each request from its own forwarded address (the limit stays on, but no address reaches it). */
function spreadAddresses(start: number): autocannon.Request {
  let i = start;
  return {
    setupRequest: (req: autocannon.Request) => {
      i += 1;
      req.headers = { ...req.headers, ...leadHeaders(i, `bench-${start}-${i}`) };
      req.body = bodyOf(i);
      return req;
    },
  };
}

/**
 * Waits until no email or webhook delivery waits (or `timeoutMs`, 10 minutes unless given); what
 * waited at first and at the end, and for how long.
 */
async function drain(url: string, timeoutMs = 600_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const waiting = async () => {
    const { rows } = await client.query<{ messages: number; deliveries: number }>(
      `SELECT (SELECT count(*) FROM mail_messages WHERE status IN ('queued', 'sending'))::int AS messages,
              (SELECT count(*) FROM webhook_outbox)::int
                + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS deliveries`,
    );
    return rows[0]!;
  };
  const started = Date.now();
  const first = await waiting();
  let now = first;
  while (now.messages + now.deliveries > 0 && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 200));
    now = await waiting();
  }
  await client.end();
  return { ...first, left: now, seconds: (Date.now() - started) / 1000 };
}

/** People who work leads (the API made its first account on start); they never sign in here. */
async function seedMembers(url: string, n: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO admin_users (username, password_hash, role, email)
     SELECT 'bench-member-' || g, 'not-a-usable-hash', 'member', 'bench-member-' || g || '@example.com'
       FROM generate_series(1, $1) g`,
    [n - 1],
  );
  await client.end();
}

async function heldCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM suspected_spam');
  await client.end();
  return rows[0]!.n;
}

/** The headers of lead i as every run sends them: its own address and its own Idempotency-Key. */
const leadHeaders = (i: number, key: string) => ({
  'content-type': 'application/json',
  'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  'Idempotency-Key': key,
});

/** The steady run's leads (their addresses from `start` on), sent open-loop at STEADY_RATE. */
const steadyLeads = (url: string, start: number, seconds: number) =>
  steadyLoad(url, {
    rate: STEADY_RATE,
    seconds,
    requestOf: (i) => ({
      path: '/api/contact',
      headers: leadHeaders(start + i, `bench-steady-${start + i}`),
      body: bodyOf(start + i),
    }),
  });

/**
 * Waits (at most `timeoutMs`) until the receiver has had a lead.created delivery answered 2xx for
 * each of `leads` (id, scheduled send time); how many arrived, and how long after the lead was sent.
 */
async function awaitDeliveries(receiver: BenchReceiver, leads: Map<number, number>, timeoutMs: number) {
  const arrived = () => {
    const after = new Map<number, number>();
    for (const [webhookId, leadId] of receiver.leadOf) {
      const sentAt = leads.get(leadId);
      if (sentAt !== undefined && receiver.delivered.has(webhookId)) {
        after.set(leadId, receiver.firstSeen.get(webhookId)! - sentAt);
      }
    }
    return after;
  };
  const until = Date.now() + timeoutMs;
  let now = arrived();
  while (now.size < leads.size && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    now = arrived();
  }
  return [...now.values()];
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const load = () =>
  os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');

/** A steady lead unanswered or its webhook missing: the run ends non-zero once all is stopped. */
let failed = false;
const db = await startDatabase();
try {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  console.log(`pgbench: single-row INSERT, ${CONNECTIONS} connections, ${SECONDS} s`);
  const plain = await pgbenchRun(db.url, CONNECTIONS, SECONDS, {
    withoutFollowUp: true,
    ownerUrl: db.ownerUrl,
  });
  console.log(
    `  ${fmt(plain.tps)} inserts/s without the follow-up trigger (the yardstick before issue 13), p50 ${plain.p50} ms, p99 ${plain.p99} ms`,
  );
  const yardstick = await pgbenchRun(db.url, CONNECTIONS, SECONDS, { ownerUrl: db.ownerUrl });
  const tps = yardstick.tps;
  console.log(
    `  ${fmt(tps)} inserts/s with it (each insert queues its two emails): the yardstick, p50 ${yardstick.p50} ms, p99 ${yardstick.p99} ms`,
  );

  // The receiver is on this machine: both the API and a separate worker may deliver to it.
  const webhookEnv = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE: '1' };
  const api = await startApi(db.url, {
    TRUST_PROXY: '1',
    DB_POOL_SIZE: String(CONNECTIONS),
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: PASSWORD,
    LEAD_AUTO_ASSIGN: AUTO_ASSIGN,
    ...webhookEnv,
    SPAM_CHALLENGE: SPAM,
    SPAM_CHALLENGE_MAX_NUMBER: SPAM_MAX_NUMBER,
  });
  const worker = WORKER === 'process' ? await startWorkerProcess(db.url, webhookEnv) : undefined;
  if (AUTO_ASSIGN !== 'off') await seedMembers(db.url, MEMBERS);
  console.log(`automatic assignment: ${AUTO_ASSIGN}${AUTO_ASSIGN === 'off' ? '' : `, ${MEMBERS} members`}`);
  console.log(`\nThe job worker: ${WORKER} (BENCH_WORKER=process|off)`);
  const receiver = await startBenchReceiver(0);
  try {
    if (WEBHOOK) await subscribe(api.url, PASSWORD, receiver);
    console.log(WEBHOOK ? 'webhook endpoint subscribed to every event' : 'no webhook endpoint');
    console.log(`spam challenge: ${SPAM} (SPAM_CHALLENGE=off|monitor|enforce)`);
    if (SPAM !== 'off') {
      console.log(`  solving ${SOLUTIONS} challenges of at most ${SPAM_MAX_NUMBER} hashes in advance`);
      solutions = await solveAhead(api.url, SOLUTIONS);
    }
    const common = {
      url: `${api.url}/api/contact`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body,
    };
    // A short warm-up so the JIT and the pool are ready, then the measured run.
    await run({ ...common, connections: CONNECTIONS, duration: 2, requests: [spreadAddresses(1_000_000)] });
    console.log(
      `\nAPI: POST /api/contact, ${CONNECTIONS} connections, ${SECONDS} s, validation + rate limit + idempotency + logging`,
    );
    const cpu = sampleCpu({
      api: (pid) => pid === api.pid,
      ...(worker ? { worker: (pid: number) => pid === worker.pid } : {}),
      postgres: (_, comm) => comm === 'postgres',
      'this benchmark (load and webhook receiver)': (pid) => pid === process.pid,
    });
    const full = await run({
      ...common,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [spreadAddresses(0)],
    });
    const shares = cpu.stop();
    const accepted = full['2xx'] / SECONDS;
    const errors = full.errors + full.timeouts + full.non2xx;
    console.log(
      `  accepted ${fmt(accepted)} req/s, p50 ${full.latency.p50} ms, p99 ${full.latency.p99} ms, errors/non-2xx ${errors}`,
    );
    if (SPAM !== 'off') {
      const held = await heldCount(db.url);
      console.log(
        `  ${solutions.length} solutions left unused, ${held} leads held as suspected spam (0 when every lead had one)`,
      );
      // The flood below sends no solutions: it measures the rate limit.
      solutions = [];
    }
    if (shares) {
      const list = Object.entries(shares).map(([g, v]) => `${g} ${fmt(v * 100, 0)}%`);
      console.log(`  the machine's CPU meanwhile (${os.cpus().length} cores): ${list.join(', ')}`);
    }
    const ratio = accepted / tps;
    console.log(
      `  ratio to pgbench: ${fmt(ratio, 2)} (to the insert without follow-up: ${fmt(accepted / plain.tps, 2)})`,
    );

    console.log(
      `\nFlood: 16 connections from one address, while 16 connections from other addresses submit (${SECONDS} s)`,
    );
    const [flood, others] = await Promise.all([
      run({
        ...common,
        connections: 16,
        duration: SECONDS,
        headers: { ...common.headers, 'X-Forwarded-For': '192.0.2.66' },
      }),
      run({ ...common, connections: 16, duration: SECONDS, requests: [spreadAddresses(5_000_000)] }),
    ]);
    const floodStatus = flood['2xx'] + flood.non2xx;
    console.log(
      `  flood: ${fmt(floodStatus / SECONDS)} answers/s, ${flood['2xx']} accepted (the limit), ${flood.non2xx} refused with 429, p50 ${flood.latency.p50} ms, p99 ${flood.latency.p99} ms`,
    );
    console.log(
      `  others meanwhile: ${fmt(others['2xx'] / SECONDS)} accepted/s, non-2xx ${others.non2xx + others.errors}, p50 ${others.latency.p50} ms, p99 ${others.latency.p99} ms`,
    );
    if (WEBHOOK) {
      console.log(
        `\nwebhooks delivered while the API was measured: ${receiver.delivered.size} (${receiver.badSignatures} bad signatures)`,
      );
    }
    if (WORKER !== 'off') {
      // What the worker had not done yet when the load stopped, and how long it took then.
      const drained = await drain(db.url);
      console.log(
        `follow-up after the load: ${drained.messages} emails and ${drained.deliveries} webhook deliveries waiting, ${drained.left.messages + drained.left.deliveries === 0 ? 'all done' : `${drained.left.messages} emails and ${drained.left.deliveries} deliveries still waiting`} ${fmt(drained.seconds)} s later`,
      );
    }
    // The API's p99 beside the same insert's through pgbench at the same concurrency: with 32
    // senders that never pause, on a machine of few cores both are mostly the wait for a turn on
    // them, which a faster machine shortens for both.
    const p99VsPgbench = full.latency.p99 / yardstick.p99;
    console.log(`p99 against pgbench's insert: ${fmt(p99VsPgbench, 2)}`);

    // Steady: leads as a site gets them, evenly spaced, with the worker doing their follow-up
    // (emails held without SMTP, webhooks to the receiver) meanwhile. First the statements alone
    // through pgbench, then the API, each after the worker has caught up with what came before.
    console.log(
      `\nSteady: ${STEADY_RATE} leads/s for ${STEADY_SECONDS} s, open-loop (latency from each lead's scheduled send), the job worker ${WORKER}`,
    );
    console.log(`  load average ${load()}`);
    const pgSteady = await pgbenchAtRate(db.url, {
      script: STEADY_SCRIPT,
      rate: STEADY_RATE,
      seconds: STEADY_SECONDS,
    });
    console.log(
      `  pgbench --rate ${STEADY_RATE}, bench/pgbench-lead.sql (the API's statements for one lead, prepared), 8 connections: ${fmt(pgSteady.tps)} tps, ${pgSteady.transactions} leads, p50 ${pgSteady.p50} ms, p99 ${pgSteady.p99} ms (schedule lag p99 ${pgSteady.lagP99} ms): the yardstick`,
    );
    if (WORKER !== 'off') {
      // The worker catches up with the yardstick's leads before the API's run (at most 3 minutes:
      // an email whose sender stopped waits out its 2-minute lease).
      const drained = await drain(db.url, 180_000);
      console.log(
        `  the worker caught up with its follow-up in ${fmt(drained.seconds)} s (${drained.left.messages} emails and ${drained.left.deliveries} deliveries still waiting)`,
      );
    }
    console.log(`  load average ${load()}`);
    // A short warm-up at the same rate opens the connections the run will keep alive.
    await steadyLeads(api.url, 9_000_000, 2);
    const steadyCpu = sampleCpu({
      api: (pid) => pid === api.pid,
      ...(worker ? { worker: (pid: number) => pid === worker.pid } : {}),
      postgres: (_, comm) => comm === 'postgres',
      'this benchmark': (pid) => pid === process.pid,
    });
    const answers: SteadyAnswer[] = await steadyLeads(api.url, 8_000_000, STEADY_SECONDS);
    const steadyShares = steadyCpu.stop();
    const answered = answers.filter((a) => a.status === 201);
    const latencies = answered.map((a) => a.latencyMs);
    const steadyP99 = percentile(latencies, 99);
    console.log(
      `  API: POST /api/contact, ${answers.length} leads sent, ${answered.length} answered 201, others ${answers.length - answered.length}, p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(steadyP99)} ms, max ${fmt(Math.max(...latencies))} ms`,
    );
    if (steadyShares) {
      const list = Object.entries(steadyShares).map(([g, v]) => `${g} ${fmt(v * 100, 0)}%`);
      console.log(`  the machine's CPU meanwhile (${os.cpus().length} cores): ${list.join(', ')}`);
    }
    if (WEBHOOK && WORKER !== 'off') {
      // Every steady lead's lead.created must reach the receiver (it answers 2xx to all).
      const sent = new Map(answered.map((a) => [(JSON.parse(a.body) as { id: number }).id, a.scheduledAt]));
      const after = await awaitDeliveries(receiver, sent, 60_000);
      console.log(
        `  webhooks: lead.created delivered for ${after.length} of ${sent.size} steady leads (${receiver.badSignatures} bad signatures), p50 ${fmt(percentile(after, 50))} ms, p95 ${fmt(percentile(after, 95))} ms from the lead's send`,
      );
      if (after.length < sent.size) {
        console.log(
          `  MISSING: ${sent.size - after.length} steady leads' webhooks did not arrive within 60 s`,
        );
        failed = true;
      }
    }
    if (answered.length < answers.length) failed = true;
    const steadyVsPgbench = steadyP99 / pgSteady.p99;
    console.log(`  steady p99 against pgbench --rate: ${fmt(steadyVsPgbench, 2)}`);
    console.log(`load average ${load()}`);
    console.log(
      `\nratio: ${fmt(ratio, 2)} p99_ms: ${full.latency.p99} p99_vs_pgbench: ${fmt(p99VsPgbench, 2)} steady_p99_vs_pgbench: ${fmt(steadyVsPgbench, 2)}`,
    );
  } finally {
    await worker?.stop();
    await api.stop();
    await receiver.close();
  }
} finally {
  await db.stop();
}
// Set explicitly: the embedded database's exit hooks end the process with 0 whatever exitCode says.
if (failed) process.exit(1);
