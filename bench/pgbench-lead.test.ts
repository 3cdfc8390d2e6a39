import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../api/test/harness.ts';
import { PGBENCH_LEAD_FILE, pgbenchLeadScript } from './lib/pgbench-lead.ts';

// bench:api's steady yardstick is the API's own statement for one lead (bench/lib/pgbench-lead.ts).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('bench/pgbench-lead.sql', () => {
  it('is what bench/lib/pgbench-lead.ts writes from the API’s statement (npm run bench:pgbench-script)', () => {
    expect(readFileSync(PGBENCH_LEAD_FILE, 'utf8')).toBe(pgbenchLeadScript());
  });

  it('stores one contact lead, as the app role, with its follow-up', async () => {
    const script = pgbenchLeadScript();
    // The statement between pgbench's first meta-command and its end, with :n as pgbench sets it.
    const start = script.indexOf('\nWITH input');
    const statement = script
      .slice(start, script.indexOf(';\n', start))
      .replaceAll(':n', '42')
      .replaceAll('"HH24":"MI":"SS', '"HH24:MI:SS');
    const app = new pg.Client({ connectionString: database.appUrl });
    await app.connect();
    try {
      const { rows } = await app.query<{ id: string | null; limited: boolean; held: boolean }>(statement);
      expect(rows).toEqual([expect.objectContaining({ limited: false, held: false, id: expect.anything() })]);
      const lead = await app.query(`SELECT email, name FROM contact_submissions WHERE id = $1`, [
        rows[0]!.id,
      ]);
      expect(lead.rows).toEqual([{ email: 'bench42@example.com', name: 'Bench Person' }]);
      const outbox = await app.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_messages WHERE lead_kind = 'contact' AND lead_id = $1`,
        [rows[0]!.id],
      );
      expect(outbox.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await app.end();
    }
  });
});
