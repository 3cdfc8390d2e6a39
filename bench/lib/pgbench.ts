import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

function pgbench(url: string, connections: number, seconds: number): PgbenchResult {
  const u = new URL(url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(
    script,
    // Each lead from its own address, as in the API's runs (acknowledgments are counted per address).
    `\\set n random(1, 1000000000)\nINSERT INTO contact_submissions (name, email, phone, company, service, message) VALUES ('Bench Person', 'bench' || :n || '@example.com', '+1 555 0100', 'Bench Co', 'sms-ai', 'A benchmark message of ordinary length.');\n`,
  );
  const r = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
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
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) }, encoding: 'utf8' },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout);
  if (!m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  // One line per transaction: client, transaction, latency in µs, script, epoch s, µs.
  const latencies = readdirSync(dir)
    .filter((f) => f.startsWith('latency'))
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b);
  rmSync(dir, { recursive: true, force: true });
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { tps: Number(m[1]), p50: at(0.5), p99: at(0.99) };
}
