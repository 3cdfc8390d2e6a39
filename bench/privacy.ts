// npm run bench:privacy — a person's data at a million leads of each kind: finding a person and
// erasing one through the real API over HTTP (client time over localhost), the retention job's
// purge rate, the API's p99 while it purges, and a full-database scan for the erased people.
// BENCH_ROWS (1,000,000) leads per kind; BENCH_PEOPLE (40) people found and erased; BENCH_PURGE
// (100,000) leads per person kind past their retention age.
import os from 'node:os';
import pg from 'pg';
import { createPool } from '../api/src/db/pool.ts';
import { runRetention } from '../api/src/admin/privacy/retention.ts';
import { LEAD_TABLES, loadTable } from './lib/admin-data.ts';
import { percentile } from './lib/sampling.ts';
import { fmt, startApi, startDatabase } from './lib/stack.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 40);
const PURGE = Math.min(Number(process.env.BENCH_PURGE ?? 100_000), ROWS);
const PASSWORD = 'bench-admin-password';
const PERSON_TABLES = ['contact_submissions', 'demo_requests', 'get_started_requests'];

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

async function loadAll(url: string) {
  for (const table of LEAD_TABLES) {
    const [{ n }] = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM ${table}`)) as [
      { n: number },
    ];
    if (n >= ROWS) continue;
    if (n !== 0) throw new Error(`${table} must be empty or hold ${ROWS} rows, it holds ${n}`);
    const t0 = performance.now();
    await loadTable(url, table, ROWS);
    console.log(`  ${table}: ${ROWS.toLocaleString('en')} rows in ${fmt((performance.now() - t0) / 1000)} s`);
  }
}

/** A bench person: unique words the scan can look for without matching the generated people. */
const person = (i: number) => ({
  name: `Zorvath Benchperson${i}`,
  email: `zorvath.benchperson${i}@privacy-bench.example`,
  phone: `+99 555 0${String(100000 + i)}`,
  company: `Quixbench Holdings ${i}`,
});

const db = await startDatabase();
try {
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  // Loaded by the tables' owner, as a restore is (bench/admin.ts says why).
  await loadAll(db.ownerUrl);
  const api = await startApi(db.url, {
    ADMIN_PASSWORD: PASSWORD,
    LEAD_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  });
  try {
    const login = await fetch(`${api.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const headers = {
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      origin: api.url,
      'content-type': 'application/json',
    };
    const timed = async (path: string, init: RequestInit = {}) => {
      const t0 = performance.now();
      const res = await fetch(`${api.url}${path}`, { ...init, headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t0;
    };

    // The people: each leaves a lead of every kind through the site's own endpoints.
    const people = Array.from({ length: PEOPLE }, (_, i) => person(i));
    for (const p of people) {
      for (const path of ['/api/contact', '/api/demo', '/api/get-started']) {
        const res = await fetch(`${api.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...p, message: `Please call ${p.name} at ${p.phone}.` }),
        });
        if (res.status !== 201) throw new Error(`${path}: ${res.status}`);
      }
      await fetch(`${api.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: p.email }),
      });
    }

    const find: number[] = [];
    for (const p of people)
      find.push(await timed(`/api/admin/personal-data?email=${encodeURIComponent(p.email)}`));
    const erase: number[] = [];
    for (const p of people)
      erase.push(
        await timed('/api/admin/personal-data/erasure', {
          method: 'POST',
          body: JSON.stringify({ email: p.email }),
        }),
      );
    console.log(
      `find a person: p50 ${fmt(percentile(find, 50))} ms, p95 ${fmt(percentile(find, 95))} ms (${PEOPLE})`,
    );
    console.log(`erase a person: p50 ${fmt(percentile(erase, 50))} ms, p95 ${fmt(percentile(erase, 95))} ms`);

    // Retention: the oldest PURGE leads of each person kind are past RETENTION_LEAD_DAYS.
    const cutoffs = await Promise.all(
      PERSON_TABLES.map(async (t) => {
        const rows = await query<{ age: number }>(
          db.url,
          `SELECT extract(epoch FROM now() - created_at) / 86400 AS age FROM ${t} ORDER BY created_at OFFSET $1 LIMIT 1`,
          [PURGE],
        );
        return Math.ceil(rows[0]!.age);
      }),
    );
    const leadDays = Math.min(...cutoffs);
    const pool = createPool(db.url, 4, 60_000);
    const latencies: number[] = [];
    let purging = true;
    const load = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; purging; i++) {
        const t0 = performance.now();
        const res =
          i % 2 === 0
            ? await fetch(`${api.url}/api/contact`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  name: 'Load Visitor',
                  email: `load${w}-${i}@bench.example`,
                  message: 'A lead sent while the purge runs.',
                }),
              })
            : await fetch(`${api.url}/api/contacts?limit=50`, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    });
    const t0 = performance.now();
    const counts = await runRetention(pool, {
      leadDays,
      unconfirmedDays: null,
      emailDays: null,
      webhookDays: null,
      auditDays: null,
    });
    const seconds = (performance.now() - t0) / 1000;
    purging = false;
    await Promise.all(load);
    await pool.end();
    const purgeRate = counts.leads / seconds;
    console.log(
      `retention: ${counts.leads.toLocaleString('en')} leads erased in ${fmt(seconds)} s ` +
        `(RETENTION_LEAD_DAYS=${leadDays}); API p50 ${fmt(percentile(latencies, 50))} ms, ` +
        `p99 ${fmt(percentile(latencies, 99))} ms over ${latencies.length} requests meanwhile`,
    );

    // Every text and JSON column of every table, for the erased people's emails, names, phones and
    // companies: each holds a word only bench people have, so four patterns find any of them.
    const needles = ['zorvath', 'privacy-bench.example', '+99 555 0', 'quixbench'].map((n) => `%${n}%`);
    const columns = await query<{ s: string; t: string; c: string; type: string }>(
      db.url,
      `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c, c.data_type AS type
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
    );
    let leftBehind = 0;
    for (const col of columns) {
      const value = col.type === 'bytea' ? `encode("${col.c}", 'escape')` : `"${col.c}"::text`;
      const [{ n }] = (await query<{ n: number }>(
        db.url,
        `SELECT count(*)::int AS n FROM "${col.s}"."${col.t}" WHERE lower(${value}) LIKE ANY ($1)`,
        [needles],
      )) as [{ n: number }];
      if (n > 0) console.log(`  left behind: ${col.s}.${col.t}.${col.c}: ${n}`);
      leftBehind += n;
    }
    console.log(
      `find_p95_ms: ${fmt(percentile(find, 95))} erase_p95_ms: ${fmt(percentile(erase, 95))} ` +
        `purge_rows_per_s: ${Math.round(purgeRate)} api_p99_during_purge_ms: ${fmt(percentile(latencies, 99))} ` +
        `left_behind: ${leftBehind}`,
    );
  } finally {
    await api.stop();
  }
} finally {
  await db.stop();
}
