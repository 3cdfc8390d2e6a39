import type { Db } from '../src/db/pool.ts';

/** Someone who leaves leads: what the scan looks for. */
export interface Person {
  name: string;
  email: string;
  phone: string;
  company: string;
  /** A word that is theirs alone, for the fields that take neither spaces nor an address (a referrer's host). */
  handle: string;
}

export const personNamed = (first: string, last: string): Person => ({
  name: `${first} ${last}`,
  email: `${first}.${last}@example.org`.toLowerCase(),
  phone: `+44 20 7946 ${String(1000 + ((first.length * 97 + last.length * 31) % 9000))}`,
  company: `${last} Engines`,
  handle: `${first}-${last}`.toLowerCase(),
});

export interface Hit {
  schema: string;
  table: string;
  column: string;
  row: Record<string, unknown>;
}

/**
 * Every text, character, JSON, JSONB, array and bytea (read as text) column of every table of every
 * schema of the database (graphile-worker's included), searched case-insensitively for each of the
 * person's email, name, phone, company and handle. Each row found, once per column.
 */
export async function scanDatabase(db: Db, p: Person): Promise<Hit[]> {
  const { rows: columns } = await db.query<{ schema: string; table: string; column: string; type: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')
      ORDER BY 1, 2, 3`,
  );
  const needles = [p.email, p.name, p.phone, p.company, p.handle].map((n) => `%${n.toLowerCase()}%`);
  const hits: Hit[] = [];
  for (const c of columns) {
    const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const value =
      c.type === 'bytea' ? `encode(t.${ident(c.column)}, 'escape')` : `t.${ident(c.column)}::text`;
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS row FROM ${ident(c.schema)}.${ident(c.table)} t WHERE lower(${value}) LIKE ANY ($1)`,
      [needles],
    );
    hits.push(...rows.map((r) => ({ schema: c.schema, table: c.table, column: c.column, row: r.row })));
  }
  return hits;
}

/** A short, readable line per hit, for a failing assertion's message. */
export const describeHits = (hits: Hit[]) =>
  hits.map((h) => `${h.schema}.${h.table}.${h.column}: ${JSON.stringify(h.row).slice(0, 200)}`);
