// The audit page's part of npm run bench:admin (bench/admin.ts): its entries loaded, and the pages
// a desk admin asks for: the newest, one far down, and each filter (who, action, target, time).
import pg from 'pg';
import type { List } from './admin-requests.ts';
import { loadAuditEntries, personId } from './audit-data.ts';
import { fmt } from './stack.ts';

/** Entries the API may have written itself before the load (its start, a sign-in). */
const FEW = 1000;

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Loads `rows` entries, unless DATABASE_URL already holds them (from an earlier run). */
export async function loadAudit(url: string, rows: number): Promise<void> {
  const [{ n }] = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM audit_entries`)) as [
    { n: number },
  ];
  if (n >= rows) {
    console.log(`reusing the ${n.toLocaleString('en')} audit entries already in DATABASE_URL`);
    return;
  }
  if (n > FEW) throw new Error(`audit_entries must be (nearly) empty or hold ${rows} rows: it has ${n}`);
  const t0 = performance.now();
  await loadAuditEntries(url, rows);
  console.log(`  audit_entries: ${fmt((performance.now() - t0) / 1000)} s (insert, indexes, VACUUM ANALYZE)`);
}

export interface AuditShape {
  name: string;
  path: string;
  describe?: (body: Record<string, unknown>) => string;
}

const PAGE = '/api/audit-entries?limit=50';
const count = (b: Record<string, unknown>) => `${(b.entries as unknown[]).length} entries`;

/** The audit requests to measure, with values taken from the loaded entries. */
export async function auditShapes(url: string, rows: number) {
  const depth = Math.floor(rows * 0.9);
  const [deep] = await query<{ id: string }>(
    url,
    `SELECT id::text FROM audit_entries ORDER BY id DESC OFFSET $1 LIMIT 1`,
    [depth - 1],
  );
  // A lead with a few entries, as one opened from the desk has.
  const [target] = await query<{ type: string; id: string }>(
    url,
    `SELECT target_type AS type, target_id AS id FROM audit_entries
      WHERE action = 'lead.status-changed' ORDER BY id DESC LIMIT 1`,
  );
  const person = await personId(url);
  // A week a year ago: a range deep in the log.
  const to = new Date(Date.now() - 365 * 86_400_000);
  const from = new Date(to.getTime() - 7 * 86_400_000);
  const range = `from=${from.toISOString()}&to=${to.toISOString()}`;
  const shapes: AuditShape[] = [
    { name: 'audit first page', path: PAGE, describe: count },
    { name: `audit page at entry ${depth.toLocaleString('en')}`, path: `${PAGE}&cursor=${deep!.id}` },
    { name: 'audit by person', path: `${PAGE}&actorId=${person}`, describe: count },
    { name: 'audit by rare action', path: `${PAGE}&action=webhook.secret-rotated`, describe: count },
    { name: 'audit by common action', path: `${PAGE}&action=lead.status-changed`, describe: count },
    {
      name: 'audit by target',
      path: `${PAGE}&targetType=${target!.type}&targetId=${target!.id}`,
      describe: count,
    },
    { name: 'audit one week, a year ago', path: `${PAGE}&${range}`, describe: count },
    { name: 'audit by person, one week', path: `${PAGE}&actorId=${person}&${range}`, describe: count },
    {
      name: 'audit by rare action, one week',
      path: `${PAGE}&action=webhook.secret-rotated&${range}`,
      describe: count,
    },
  ];
  const list: List = { table: 'audit_entries', path: '/api/audit-entries', selective: '' };
  return { shapes, list };
}
