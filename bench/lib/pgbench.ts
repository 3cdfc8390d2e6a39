import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The yardstick of bench:api and bench:mail: pgbench doing the same single-row INSERT of a contact
 * at the same concurrency, on the same database, in transactions per second. The insert queues the
 * lead's emails (a trigger) as the API's does; `withoutFollowUp` measures it with that trigger off,
 * as the yardstick was before leads were followed up.
 */
export async function pgbenchTps(url: string, connections: number, seconds: number, withoutFollowUp = false) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const trigger = (on: boolean) =>
    client.query(
      `ALTER TABLE contact_submissions ${on ? 'ENABLE' : 'DISABLE'} TRIGGER contact_submissions_queue_mail`,
    );
  try {
    if (withoutFollowUp) await trigger(false);
    return pgbench(url, connections, seconds);
  } finally {
    if (withoutFollowUp) await trigger(true);
    // What the runs queued is not the benchmark's to send.
    await client.query(`TRUNCATE mail_messages, lead_events, acknowledgment_counts`);
    await client.query(`SELECT graphile_worker.complete_jobs(array_agg(id)) FROM graphile_worker.jobs`);
    await client.end();
  }
}

function pgbench(url: string, connections: number, seconds: number): number {
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
