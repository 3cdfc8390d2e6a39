import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '../src/db/pool.ts';
import { createSecrets } from '../src/secrets/secrets.ts';
import { createTestDatabase } from './harness.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  db = createPool(database.url, 4);
  drop = database.drop;
});
afterAll(async () => {
  await db.end();
  await drop();
});

describe('server secrets', () => {
  it('makes a secret once and gives every process the same one, even when they ask at once', async () => {
    const processes = [createSecrets(db), createSecrets(db), createSecrets(db)];
    const keys = await Promise.all(processes.map((p) => p.get('newsletter-links')));
    expect(keys[0]).toHaveLength(32);
    expect(keys.every((k) => k.equals(keys[0]!))).toBe(true);
    const other = await processes[0]!.get('another-purpose');
    expect(other.equals(keys[0]!)).toBe(false);
    const { rows } = await db.query('SELECT name FROM app_secrets ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(['another-purpose', 'newsletter-links']);
  });
});
