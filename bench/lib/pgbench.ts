import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile } from './sampling.ts';

/** What pgbench measured: transactions per second, and each transaction's latency percentiles. */
export interface PgbenchResult {
  tps: number;
  p50: number;
  p99: number;
}

/**
 * The yardstick of bench:api and bench:mail: pgbench doing the same single-row INSERT of a contact
 * at the same concurrency, on the same database, in transactions per second. The insert queues the
 * lead's emails (a trigger) as the API's does; `withoutFollowUp` measures it with that trigger off,
 * as the yardstick was before leads were followed up. Its latencies (from pgbench's per-transaction
 * log, in ms) are the yardstick of the API's: at the same concurrency, the bare insert's p99 is what
 * the machine's database alone takes, before any HTTP, validation or batching.
 */
export async function pgbenchRun(
  url: string,
  connections: number,
  seconds: number,
  /**
   * The tables' owner (startDatabase's ownerUrl): only the owner may turn the trigger off and empty
   * the tables afterwards (the app's role may not TRUNCATE).
   */
  { withoutFollowUp = false, ownerUrl = url }: { withoutFollowUp?: boolean; ownerUrl?: string } = {},
): Promise<PgbenchResult> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const trigger = (on: boolean) =>
    owner.query(
      `ALTER TABLE contact_submissions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER contact_submissions_queue_mail`,
    );
  try {
    if (withoutFollowUp) await trigger(false);
    return await pgbench(url, connections, seconds);
  } finally {
    try {
      if (withoutFollowUp) await trigger(true);
      // What the runs queued is not the benchmark's to send.
      await owner.query(`TRUNCATE mail_messages, lead_events, acknowledgment_counts`);
      await owner.query(`SELECT graphile_worker.complete_jobs(array_agg(id)) FROM graphile_worker.jobs`);
    } finally {
      await owner.end();
    }
  }
}

async function pgbench(url: string, connections: number, seconds: number): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(
    script,
    // Each lead from its own address, as in the API's runs (acknowledgments are counted per address).
    `\\set n random(1, 1000000000)\nINSERT INTO contact_submissions (name, email, phone, company, service, message) VALUES ('Bench Person', 'bench' || :n || '@example.com', '+1 555 0100', 'Bench Co', 'sms-ai', 'A benchmark message of ordinary length.');\n`,
  );
  try {
    const { tps, latencies } = await runPgbench(url, dir, [
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
    ]);
    return { tps, p50: at(latencies, 0.5), p99: at(latencies, 0.99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What pgbench measured at a fixed rate: besides the rate it kept, its transactions and their lag. */
export interface PgbenchRateResult extends PgbenchResult {
  transactions: number;
  /** The p99 of the wait between a transaction's scheduled start and its start, in ms. */
  lagP99: number;
}

/**
 * pgbench at a fixed rate (`--rate`), open-loop: transactions are scheduled whatever the earlier
 * ones did, and each one's latency counts from its scheduled start, so a wait for a free client
 * counts too. pgbench spaces its starts as a Poisson process of that mean rate. `script` is a
 * pgbench script file, run with prepared statements (as the API names its statement, so each
 * connection plans it once). What the transactions queue is left for the job worker to do.
 */
export async function pgbenchAtRate(
  url: string,
  { script, rate, seconds, clients = 8 }: { script: string; rate: number; seconds: number; clients?: number },
): Promise<PgbenchRateResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  try {
    const { tps, latencies, lags } = await runPgbench(url, dir, [
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '--rate',
      String(rate),
      '-f',
      script,
    ]);
    return {
      tps,
      transactions: latencies.length,
      p50: at(latencies, 0.5),
      p99: at(latencies, 0.99),
      lagP99: at(lags, 0.99),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A percentile in ms as the benchmarks take the API's (sampling.ts percentile), whole above 10 ms
 * and to two decimals below, where a bare statement's latencies lie.
 */
function at(values: number[], q: number): number {
  const v = percentile(values, q * 100);
  return v < 10 ? Math.round(v * 100) / 100 : Math.round(v);
}

/**
 * Runs pgbench with `args` and its per-transaction log in `dir`; tps and latencies (ms, sorted).
 * Asynchronously: the benchmark's own webhook receiver keeps answering meanwhile.
 */
async function runPgbench(url: string, dir: string, args: string[]) {
  const u = new URL(url);
  const child = spawn(
    'pgbench',
    [
      '-n',
      ...args,
      '-l',
      `--log-prefix=${path.join(dir, 'latency')}`,
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      decodeURIComponent(u.username),
      u.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (status !== 0 || !m) throw new Error(`pgbench failed: ${stderr || stdout}`);
  // One line per transaction: client, transaction, latency in µs, script, epoch s, µs, and with
  // --rate the schedule lag in µs (the latency then counts from the scheduled start).
  const lines = readdirSync(dir)
    .filter((f) => f.startsWith('latency'))
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((line) => line.split(' '));
  const ms = (i: number) => lines.map((f) => Number(f[i] ?? 0) / 1000).sort((a, b) => a - b);
  return { tps: Number(m[1]), latencies: ms(2), lags: ms(6) };
}
