// npm run bench:api — accepted POST /api/contact per second with every protection on, against
// the same single-row INSERT done by pgbench at the same concurrency, measured in one run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fmt, startApi, startDatabase } from './lib/stack.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const body = JSON.stringify({
  name: 'Bench Person',
  email: 'bench@example.com',
  phone: '+1 555 0100',
  company: 'Bench Co',
  service: 'sms-ai',
  message: 'A benchmark message of ordinary length.',
});

function pgbench(url: string): number {
  const u = new URL(url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(
    script,
    `INSERT INTO contact_submissions (name, email, phone, company, service, message) VALUES ('Bench Person', 'bench@example.com', '+1 555 0100', 'Bench Co', 'sms-ai', 'A benchmark message of ordinary length.');\n`,
  );
  const r = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-f',
      script,
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      decodeURIComponent(u.username),
      u.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) }, encoding: 'utf8' },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout);
  if (!m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  return Number(m[1]);
}

/** Each request from its own forwarded address (the limit stays on, but no address reaches it). */
function spreadAddresses(start: number): autocannon.Request {
  let i = start;
  return {
    setupRequest: (req: autocannon.Request) => {
      i += 1;
      req.headers = {
        ...req.headers,
        'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        'Idempotency-Key': `bench-${start}-${i}`,
      };
      return req;
    },
  };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const db = await startDatabase();
try {
  console.log(`pgbench: single-row INSERT, ${CONNECTIONS} connections, ${SECONDS} s`);
  const tps = pgbench(db.url);
  console.log(`  ${fmt(tps)} inserts/s`);

  const api = await startApi(db.url, {
    TRUST_PROXY: '1',
    DB_POOL_SIZE: String(CONNECTIONS),
    LOG_LEVEL: 'info',
  });
  try {
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
    const full = await run({
      ...common,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [spreadAddresses(0)],
    });
    const accepted = full['2xx'] / SECONDS;
    const errors = full.errors + full.timeouts + full.non2xx;
    console.log(
      `  accepted ${fmt(accepted)} req/s, p50 ${full.latency.p50} ms, p99 ${full.latency.p99} ms, errors/non-2xx ${errors}`,
    );
    const ratio = accepted / tps;
    console.log(`  ratio to pgbench: ${fmt(ratio, 2)}`);

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
    console.log(`\nratio: ${fmt(ratio, 2)} p99_ms: ${full.latency.p99}`);
  } finally {
    await api.stop();
  }
} finally {
  await db.stop();
}
