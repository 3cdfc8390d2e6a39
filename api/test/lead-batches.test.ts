import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, type Db } from '../src/db/pool.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { contactKind } from '../src/leads/lead-kinds.ts';
import { insertGuarded, type Guard, type GuardedItem } from '../src/forms/leads.repo.ts';
import { BATCHES_IN_FLIGHT } from '../src/forms/leads.service.ts';
import { createTestDatabase, startTestApp, type TestApp } from './harness.ts';

// Under load the API sends concurrent submissions to one table as one statement (a batch). These
// tests give that statement batches directly, so what they prove does not depend on timing.

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
beforeEach(async () => {
  await db.query('TRUNCATE contact_submissions, idempotency_keys, rate_limit_buckets');
});

const row = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '',
  company: '',
  service: '',
  message: 'A message long enough.',
});
const guard = (g: Partial<Guard> = {}): Guard => ({
  bucketKey: null,
  limit: 3,
  scope: 'createContact',
  idempotencyKey: null,
  requestHash: 'hash',
  ...g,
});
const insertContacts = (db: Db, items: GuardedItem[]) => insertGuarded(db, contactKind, items);
// The row's fields, then its seven attribution fields, all empty; the spam check off.
const item = (name: string, g: Partial<Guard> = {}): GuardedItem => ({
  guard: guard(g),
  values: [...Object.values(row(name)), ...Array<string>(7).fill('')],
  spam: { checked: '', challenge: null, expiresAt: null, enforce: false },
});
const storedNames = async () =>
  (await db.query<{ name: string }>('SELECT name FROM contact_submissions ORDER BY id')).rows.map(
    (r) => r.name,
  );

describe('a batch of submissions in one statement', () => {
  it('stores every item and answers each with its own id, in order', async () => {
    const results = await insertContacts(db, [item('Batch One'), item('Batch Two'), item('Batch Three')]);
    expect(results.map((r) => r.hits)).toEqual([null, null, null]);
    const ids = results.map((r) => r.created?.id);
    expect(new Set(ids).size).toBe(3);
    const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM contact_submissions');
    expect(Object.fromEntries(rows.map((r) => [r.name, r.id]))).toEqual({
      'Batch One': ids[0],
      'Batch Two': ids[1],
      'Batch Three': ids[2],
    });
  });

  it('counts several items from one address in order: those past the limit are refused', async () => {
    const results = await insertContacts(
      db,
      ['A', 'B', 'C', 'D', 'E'].map((n) => item(`Same ${n}`, { bucketKey: 'lead:192.0.2.1' })),
    );
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.limited)).toEqual([false, false, false, true, true]);
    expect(results.map((r) => r.created !== null)).toEqual([true, true, true, false, false]);
    // The bucket refills a submission every 20 s (3 a minute): the next one is due then.
    expect(results.slice(3).map((r) => r.retryAfterSeconds)).toEqual([20, 20]);
    expect(await storedNames()).toEqual(['Same A', 'Same B', 'Same C']);
    const { rows } = await db.query('SELECT bucket_key, level, granted FROM rate_limit_buckets');
    expect(rows).toEqual([{ bucket_key: 'lead:192.0.2.1', level: 3, granted: 3 }]);
  });

  it('keeps each address to its own count, continuing from earlier statements', async () => {
    await insertContacts(db, [item('Earlier', { bucketKey: 'lead:a' })]);
    const results = await insertContacts(db, [
      item('A1', { bucketKey: 'lead:a' }),
      item('B1', { bucketKey: 'lead:b' }),
      item('A2', { bucketKey: 'lead:a' }),
      item('A3', { bucketKey: 'lead:a' }),
      item('B2', { bucketKey: 'lead:b' }),
    ]);
    expect(results.map((r) => r.hits)).toEqual([2, 1, 3, 4, 2]);
    expect(results.map((r) => r.created !== null)).toEqual([true, true, true, false, true]);
  });

  it('stores one lead for two items with the same idempotency key; the other is told to replay', async () => {
    const results = await insertContacts(db, [
      item('Keyed First', { idempotencyKey: 'same' }),
      item('Unkeyed'),
      item('Keyed First', { idempotencyKey: 'same' }),
    ]);
    expect(results.filter((r) => r.created !== null)).toHaveLength(2);
    expect(results[1]!.created).not.toBeNull();
    expect((await storedNames()).sort()).toEqual(['Keyed First', 'Unkeyed']);
    const { rows } = await db.query<{ response: { id: number } }>('SELECT response FROM idempotency_keys');
    const winner = results[0]!.created ?? results[2]!.created;
    expect(rows).toEqual([{ response: winner }]);
  });

  it('stores nothing for a key already claimed by an earlier statement', async () => {
    const [first] = await insertContacts(db, [item('Original', { idempotencyKey: 'k' })]);
    const [retry] = await insertContacts(db, [item('Original', { idempotencyKey: 'k' })]);
    expect(first!.created).not.toBeNull();
    expect(retry!.created).toBeNull();
    expect(await storedNames()).toEqual(['Original']);
  });
});

describe('automatic assignment of a batch (LEAD_AUTO_ASSIGN=least-open)', () => {
  // Six people with uneven loads; the batch must go as one lead at a time would: each to whoever
  // then has the fewest open leads, ties to the one assigned least recently (never first), then
  // the oldest account (docs/operations.md#auto-assign).
  const team = [
    { open: 3, last: '2026-01-05' },
    { open: 0, last: '2026-01-04' },
    { open: 0, last: null },
    { open: 5, last: null },
    { open: 1, last: '2026-01-01' },
    { open: 2, last: '2026-01-02' },
  ];
  let people: { id: number; open: number; last: string | null }[] = [];
  beforeAll(async () => {
    for (const [i, p] of team.entries()) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO admin_users (username, password_hash, role) VALUES ($1, 'not-a-hash', 'member')
         RETURNING id::int AS id`,
        [`batch-member-${i}`],
      );
      people.push({ id: rows[0]!.id, ...p });
    }
    people = people.sort((a, b) => a.id - b.id);
  });
  beforeEach(async () => {
    await db.query('TRUNCATE assignee_counts');
    for (const p of people) {
      await db.query(
        `INSERT INTO assignee_counts (assignee_id, lead_table, slot, leads, open_leads, last_assigned_at)
         VALUES ($1, 'demo_requests', 0, $2, $2, $3)`,
        [p.id, p.open, p.last],
      );
    }
  });

  /** The picks one by one, as the rule says. */
  const expected = (n: number) => {
    const taken = new Map(people.map((p) => [p.id, 0]));
    const key = (p: (typeof people)[number]) =>
      [p.open + taken.get(p.id)!, taken.get(p.id)!, p.last === null ? '' : p.last, p.id] as const;
    const before = (a: ReturnType<typeof key>, b: ReturnType<typeof key>) =>
      a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] !== b[2] ? a[2] < b[2] : a[3] < b[3];
    return Array.from({ length: n }, () => {
      const next = people.reduce((a, b) => (before(key(b), key(a)) ? b : a));
      taken.set(next.id, taken.get(next.id)! + 1);
      return next.id;
    });
  };

  for (const n of [1, 2, 4, 6, 9, 20]) {
    it(`a batch of ${n} goes to the people one lead at a time would go to, in order`, async () => {
      const names = Array.from({ length: n }, (_, i) => `Assigned ${i}`);
      const results = await insertGuarded(
        db,
        contactKind,
        names.map((name) => item(name)),
        true,
      );
      const { rows } = await db.query<{ id: number; assignee_id: number }>(
        'SELECT id::int AS id, assignee_id::int AS assignee_id FROM contact_submissions',
      );
      const byId = new Map(rows.map((r) => [r.id, r.assignee_id]));
      expect(results.map((r) => byId.get(r.created!.id))).toEqual(expected(n));
    });
  }
});

describe('the search indexes of the lead tables', () => {
  it("are every trigram index of the lead tables, with PostgreSQL's default options", async () => {
    const { rows } = await db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am am ON am.oid = c.relam
        WHERE am.amname = 'gin'
          AND EXISTS (SELECT 1 FROM pg_opclass o WHERE o.oid = ANY (i.indclass) AND o.opcname = 'gin_trgm_ops')
          AND i.indrelid::regclass::text IN ('contact_submissions', 'demo_requests', 'get_started_requests', 'newsletter_subscribers')`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      'contact_submissions_search_trgm_idx',
      'demo_requests_search_trgm_idx',
      'get_started_requests_search_trgm_idx',
      'newsletter_subscribers_email_trgm_idx',
    ]);
    for (const r of rows) expect(r.options, r.name).toBeNull();
  });

  it('find a new lead through the index', async () => {
    await insertContacts(db, [item('Pendingly Found')]);
    const names = await inTransaction(db, async (c) => {
      // The index, not a scan of the table, answers.
      await c.query('SET LOCAL enable_seqscan = off');
      const { rows } = await c.query<{ name: string }>(
        `SELECT name FROM contact_submissions WHERE search_text LIKE '%pendingly%'`,
      );
      return rows.map((r) => r.name);
    });
    expect(names).toEqual(['Pendingly Found']);
  });
});

describe('a row the database refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ leadRateLimitPerMinute: 0 });
    // A stand-in for any fault a single row could hit in the database (the API's validation
    // already matches every CHECK constraint, so none can be provoked from outside).
    await t.db.query(`
      CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Refused Row' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_row BEFORE INSERT ON contact_submissions FOR EACH ROW EXECUTE FUNCTION refuse_row();`);
  });
  afterAll(() => t.close());

  it('fails alone: the other submissions of its batch are stored and answered 201', async () => {
    // Hold the table so the first requests (one per batch in flight) wait; the rest queue in the
    // API and leave together as one batch once the table is free.
    const holder = await t.db.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE contact_submissions IN EXCLUSIVE MODE');
    const send = (name: string) =>
      t
        .request()
        .post('/api/contact')
        .send({ name, email: 'mate@example.com', message: 'Sent together with others.' })
        .then((r) => r);
    const waiting = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        )
      ).rows[0]!.n;
    const first = Array.from({ length: BATCHES_IN_FLIGHT }, (_, i) => send(`First ${i}`));
    await expect.poll(waiting, { timeout: 10_000 }).toBe(BATCHES_IN_FLIGHT);
    // The rest wait in the API's queue once their bodies are read: the handler queues a lead in the
    // same turn as its body's end, with no I/O between.
    let read = 0;
    const counting = (req: http.IncomingMessage) => req.once('end', () => read++);
    t.server.on('request', counting);
    const names = Array.from({ length: 8 }, (_, i) => (i === 3 ? 'Refused Row' : `Batch Mate ${i}`));
    const rest = names.map(send);
    await expect.poll(() => read, { timeout: 10_000 }).toBe(names.length);
    await new Promise(setImmediate);
    t.server.off('request', counting);
    await holder.query('COMMIT');
    holder.release();

    expect((await Promise.all(first)).map((a) => a.status)).toEqual(first.map(() => 201));
    const answers = await Promise.all(rest);
    expect(answers.map((a) => a.status)).toEqual(names.map((n) => (n === 'Refused Row' ? 500 : 201)));
    expect(answers[3]!.body).toMatchObject({ status: 500, title: 'Internal Server Error' });
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT name FROM contact_submissions WHERE name LIKE 'Batch Mate %' ORDER BY name`,
    );
    expect(rows.map((r) => r.name)).toEqual(names.filter((n) => n !== 'Refused Row').sort());
  });
});
