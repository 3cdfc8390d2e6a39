// npm run bench:admin — the admin desk at a million leads of each kind and a million audit
// entries: server time of the overview, of list pages (first, deep, search) and of the audit page
// (first, deep, each filter) through the real API over HTTP, and the API process's peak memory
// while it streams each full CSV export (the API process as npm start and the Docker stack run it;
// the job worker is a process of its own).
import os from 'node:os';
import pg from 'pg';
import { encodeCursor } from '../api/src/db/cursor.ts';
import { hashPassword } from '../api/src/admin/auth/password.ts';
import { LEAD_TABLES, loadTable } from './lib/admin-data.ts';
import { auditShapes, loadAudit } from './lib/admin-audit.ts';
import {
  exportOnce,
  measure,
  onLogLine,
  REQUESTS,
  WARMUP,
  type Export,
  type List,
  type Shape,
} from './lib/admin-requests.ts';
import { fmt, startApi, startDatabase } from './lib/stack.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PASSWORD = 'bench-admin-password';

const LISTS: List[] = [
  { table: 'contact_submissions', path: '/api/contacts', selective: 'Bluefin Robotics' },
  { table: 'demo_requests', path: '/api/demos', selective: 'Okafor' },
  { table: 'get_started_requests', path: '/api/get-started', selective: 'Meridian Dental' },
  { table: 'newsletter_subscribers', path: '/api/newsletters', selective: 'lindqvist' },
];
/** The people leads are assigned to: the signed-in owner and 49 members. */
const PEOPLE = 50;

/**
 * The team and its assignees: every lead of the PEOPLE accounts' (round robin by id), but one in
 * six left unassigned. Set once in bulk with the tables' triggers off, then the assignee counters
 * are written from the rows, as the add-lead-assignees migration does.
 */
async function assignAll(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    await db.query(
      `INSERT INTO admin_users (username, password_hash, role)
       SELECT 'admin', $1, 'owner' WHERE NOT EXISTS (SELECT 1 FROM admin_users WHERE username = 'admin')`,
      [hash],
    );
    await db.query(
      `INSERT INTO admin_users (username, password_hash, role)
       SELECT 'bench-member-' || g, $1, 'member' FROM generate_series(1, $2) g
       ON CONFLICT (username) DO NOTHING`,
      [hash, PEOPLE - 1],
    );
    for (const table of LEAD_TABLES) {
      const done = await db.query(`SELECT 1 FROM ${table} WHERE assignee_id IS NOT NULL LIMIT 1`);
      if (done.rows.length > 0) continue;
      const t0 = performance.now();
      await db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
      await db.query(
        `WITH people AS (SELECT array_agg(id ORDER BY id) AS ids FROM admin_users)
         UPDATE ${table} SET assignee_id = CASE WHEN id % 60 < ${PEOPLE} THEN (SELECT ids[(id % 60) + 1] FROM people) END`,
      );
      await db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
      await db.query(`DELETE FROM assignee_counts WHERE lead_table = $1`, [table]);
      await db.query(
        `INSERT INTO assignee_counts (assignee_id, lead_table, slot, leads, open_leads)
         SELECT coalesce(assignee_id, 0), $1, 0, count(*),
                count(*) FILTER (WHERE lead_is_open($1, to_jsonb(l) ->> 'status'))
           FROM ${table} l GROUP BY assignee_id`,
        [table],
      );
      await db.query(`VACUUM ANALYZE ${table}`);
      console.log(`  ${table}: assignees set in ${fmt((performance.now() - t0) / 1000)} s`);
    }
  } finally {
    await db.end();
  }
}

/** Terms that match much of every table: a common mail domain, and a single letter (no trigram). */
const UNSELECTIVE = ['gmail', 'a'];

const load = () =>
  os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');

async function loadAll(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const counts: Record<string, number> = {};
  for (const table of LEAD_TABLES) {
    counts[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  }
  await db.end();
  if (LEAD_TABLES.every((t) => counts[t] === ROWS)) {
    console.log(`reusing the ${ROWS.toLocaleString('en')} rows per table already in DATABASE_URL`);
    return;
  }
  if (LEAD_TABLES.some((t) => counts[t] !== 0)) {
    throw new Error(`the lead tables must be empty or hold ${ROWS} rows each: ${JSON.stringify(counts)}`);
  }
  console.log(`loading ${ROWS.toLocaleString('en')} rows into each of ${LEAD_TABLES.length} tables`);
  const started = performance.now();
  for (const table of LEAD_TABLES) {
    const t0 = performance.now();
    await loadTable(url, table, ROWS);
    console.log(`  ${table}: ${fmt((performance.now() - t0) / 1000)} s (insert, indexes, VACUUM ANALYZE)`);
  }
  console.log(`  loaded in ${fmt((performance.now() - started) / 1000)} s`);
}

/** The cursor the server would hand out after the row `depth` rows down the newest-first order. */
async function deepCursor(url: string, table: string, depth: number): Promise<string> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ ts: string; id: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id::int AS id
         FROM ${table} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [depth - 1],
    );
    return encodeCursor({ createdAt: rows[0]!.ts, id: rows[0]!.id });
  } finally {
    await db.end();
  }
}

async function memberId(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (
      await db.query<{ id: number }>(
        `SELECT id::int AS id FROM admin_users WHERE username = 'bench-member-1'`,
      )
    ).rows[0]!.id;
  } finally {
    await db.end();
  }
}

async function tableCount(url: string, table: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  } finally {
    await db.end();
  }
}

/** Signs the owner in; the session's cookies. */
async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const db = await startDatabase();
try {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
  // Loaded as a restore would be, by the tables' owner: dropping and rebuilding their indexes and
  // turning a trigger off are the owner's (docs/operations.md#database-roles).
  await loadAll(db.ownerUrl);
  await assignAll(db.ownerUrl);
  // The audit log of the same team's work.
  await loadAudit(db.ownerUrl, ROWS);

  // The API as the Docker stack runs it, where a team works its leads: the job worker in a service
  // of its own (docs/operations.md#memory). TRUST_PROXY so the API logs the request id this
  // benchmark sends, to read its own timing.
  const api = await startApi(
    db.url,
    { TRUST_PROXY: '1', LOG_LEVEL: 'info', ADMIN_PASSWORD: PASSWORD },
    { onLogLine },
  );
  try {
    const cookie = await signIn(api.url);

    const depth = Math.floor(ROWS * 0.9);
    console.log(
      `\nserver time from the API's request log (client time: fetch over localhost keep-alive); ` +
        `${REQUESTS} sequential requests per shape after ${WARMUP} warm-up`,
    );
    const total = (b: Record<string, unknown>) => `total ${String(b.total)}`;
    const shapes: Shape[] = [];
    shapes.push(
      await measure(api.url, cookie, 'overview', '/api/admin/overview', {
        describe: (b) => `counts ${JSON.stringify(b.counts)}`,
      }),
    );
    for (const list of LISTS) {
      const cursor = await deepCursor(db.url, list.table, depth);
      shapes.push(
        await measure(api.url, cookie, `${list.path} first page`, `${list.path}?limit=50`, {
          describe: total,
        }),
        await measure(
          api.url,
          cookie,
          `${list.path} page at row ${depth.toLocaleString('en')}`,
          `${list.path}?limit=50&cursor=${cursor}`,
        ),
        await measure(
          api.url,
          cookie,
          `${list.path} search "${list.selective}"`,
          `${list.path}?limit=50&q=${encodeURIComponent(list.selective)}`,
          { describe: total },
        ),
      );
    }
    // The assignee filters (docs/product.md#assignment): the owner's own leads, nobody's, one
    // member's, each alone and with a search.
    const member = await memberId(db.url);
    for (const list of LISTS) {
      for (const [label, value] of [
        ['Mine', 'me'],
        ['Unassigned', 'none'],
        ['Assigned to a member', String(member)],
      ] as const) {
        const base = `${list.path}?limit=50&assignee=${value}`;
        shapes.push(
          await measure(api.url, cookie, `${list.path} ${label}`, base, { describe: total }),
          await measure(
            api.url,
            cookie,
            `${list.path} ${label}, search "${list.selective}"`,
            `${base}&q=${encodeURIComponent(list.selective)}`,
            { describe: total },
          ),
        );
      }
    }

    console.log(`\nthe audit page at ${ROWS.toLocaleString('en')} entries:`);
    const audit = await auditShapes(db.url, ROWS);
    for (const shape of audit.shapes) {
      shapes.push(await measure(api.url, cookie, shape.name, shape.path, { describe: shape.describe }));
    }
    console.log('\nunselective searches (reported, not in the goal):');
    for (const list of LISTS) {
      for (const term of UNSELECTIVE) {
        shapes.push(
          await measure(api.url, cookie, `${list.path} search "${term}"`, `${list.path}?limit=50&q=${term}`, {
            requests: 20,
            inGoal: false,
            describe: total,
          }),
        );
      }
    }

    console.log(`\nfull CSV exports, API RSS sampled every 50 ms (load average ${load()})`);
    const exports: Export[] = [];
    for (const list of LISTS) {
      exports.push(await exportOnce(api.url, cookie, api.pid, list, await tableCount(db.url, list.table)));
    }
    // The audit export records itself first: its own entry is the newest row of the file.
    exports.push(
      await exportOnce(
        api.url,
        cookie,
        api.pid,
        audit.list,
        (await tableCount(db.url, audit.list.table)) + 1,
      ),
    );

    const goal = shapes.filter((s) => s.inGoal);
    const worst = goal.reduce((a, b) => (b.server.p95 > a.server.p95 ? b : a));
    const peak = Math.max(...exports.map((e) => e.peakMb));
    await api.stop();
    console.log(`\nworst p95: ${worst.name} (${fmt(worst.server.p95)} ms); load average ${load()}`);
    console.log(`p95_ms: ${fmt(worst.server.p95)} export_peak_mb: ${fmt(peak)}`);
  } finally {
    await api.stop();
  }
} finally {
  await db.stop();
}
