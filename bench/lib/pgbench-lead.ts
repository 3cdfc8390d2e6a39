// bench/pgbench-lead.sql, written from the API's own statement: the yardstick of bench:api's steady
// run stays the statement the API sends for one contact lead, whatever becomes of that statement.
// `npm run bench:pgbench-script` writes the file; pgbench-lead.test.ts fails while it differs from
// what this writes, and runs its statement against a real database.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardedInsertSql } from '../../api/src/forms/leads.repo.ts';
import { contactKind } from '../../api/src/leads/lead-kinds.ts';

export const PGBENCH_LEAD_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../pgbench-lead.sql',
);

const HEAD = `-- Written by bench/lib/pgbench-lead.ts from the API's statement (npm run bench:pgbench-script);
-- do not edit. The yardstick of bench:api's steady run (run with pgbench -M prepared --rate): what
-- PostgreSQL does for one POST /api/contact as the bench sends it, without HTTP, validation or Node.
--
-- One lead of the steady run arrives alone, so the API's batched insert (api/src/forms/leads.repo.ts,
-- guardedInsertSql) sends its statement with one item in each array. This is that statement for the
-- contact kind with LEAD_AUTO_ASSIGN off, its parameters written in place: the client's rate-limit
-- bucket (one address per lead), the idempotency scope and the key the bench sends, a request
-- hash (computed in Node; a constant here), the spam check off as in the bench's default, the
-- contact's columns (the bench sends no attribution), LEAD_RATE_LIMIT_PER_MINUTE at its default
-- and the write's deadline. Its triggers do the rest of the lead's work in the same transaction, as
-- for the API's: the emails' outbox rows, the lead.created webhook event and its outbox row, the
-- counters. pgbench reads a colon followed by a name as one of its variables, so the createdAt
-- format quotes its colons (to_char prints them all the same).
\\set n random(1, 1000000000)
`;

const TAIL = `
-- One lead in 500 also sweeps the day-old idempotency keys (the API's sweepNowAndThen). The API does
-- it beside the request, not before answering; at one in 500 it does not reach a p99.
\\set sweep random(1, 500)
\\if :sweep = 1
DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours';
\\endif
`;

/** What the bench's lead carries in each of the contact's columns (bench/api.ts bodyOf). */
const COLUMN_VALUES: Record<string, string> = {
  name: `'Bench Person'`,
  email: `'bench' || :n || '@example.com'`,
  phone: `'+1 555 0100'`,
  company: `'Bench Co'`,
  service: `'sms-ai'`,
  message: `'A benchmark message of ordinary length.'`,
};

export function pgbenchLeadScript(): string {
  const columns = contactKind.inserts.map((i) => i.column);
  const [, text] = guardedInsertSql(contactKind.table, contactKind.slug, columns, false);
  // The statement's parameters in order (leads.repo.ts insertGuarded), each as one item.
  const params: string[] = [
    `ARRAY['lead' || ':' || '10.' || :n]::text[]`,
    `ARRAY['createContact' || ':' || '10.' || :n]::text[]`,
    `ARRAY['bench-steady-' || :n]::text[]`,
    `ARRAY['0Jn3m1mS7kq2o1rCk0b3b1Xn2nq9R8d4m6FvYgI2Zb8']::text[]`,
    `ARRAY[false]::boolean[]`,
    `ARRAY['']::text[]`,
    `ARRAY[NULL]::text[]`,
    `ARRAY[NULL]::timestamptz[]`,
    ...columns.map((c) => `ARRAY[${COLUMN_VALUES[c] ?? `''`}]::text[]`),
    `10::int`,
    `(clock_timestamp() + interval '5 seconds')::timestamptz`,
  ];
  const written = text
    .replace(/\$(\d+)::[a-z0-9]+(\[\])?/g, (whole, n: string) => {
      const value = params[Number(n) - 1];
      if (value === undefined)
        throw new Error(`the API's statement has a parameter ${whole} the script lacks`);
      return value;
    })
    .replaceAll('HH24:MI:SS', 'HH24":"MI":"SS');
  if (/\$\d/.test(written)) throw new Error("the API's statement has a parameter without a type cast");
  // Every colon followed by a name is a pgbench variable: only :n may be one.
  const variables = new Set([...written.matchAll(/(?<!:):([a-z_]\w*)/gi)].map((m) => m[1]));
  variables.delete('n');
  if (variables.size > 0) throw new Error(`pgbench would read :${[...variables].join(', :')} as variables`);
  const body = written
    .split('\n')
    .map((line) => line.replace(/^ {4}/, '').trimEnd())
    .filter((line, i) => i > 0 || line !== '')
    .join('\n');
  return `${HEAD}${body};\n${TAIL}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const script = pgbenchLeadScript();
  if (process.argv.includes('--check')) {
    if (readFileSync(PGBENCH_LEAD_FILE, 'utf8') !== script) {
      console.error(`${PGBENCH_LEAD_FILE} is stale: run npm run bench:pgbench-script`);
      process.exit(1);
    }
  } else writeFileSync(PGBENCH_LEAD_FILE, script);
}
