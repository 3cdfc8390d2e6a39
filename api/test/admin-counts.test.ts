import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, FOLLOW_UP_TABLES, seedContacts, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp, truncate } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(() => t.close());
beforeEach(() =>
  truncate(
    t.db,
    `contact_submissions, demo_requests, get_started_requests, newsletter_subscribers, idempotency_keys, ${FOLLOW_UP_TABLES} RESTART IDENTITY`,
  ),
);

/** What each count counts: the table's rows (active subscribers only, docs/product.md#leads). */
const TABLES = {
  contacts: 'contact_submissions',
  demos: 'demo_requests',
  getStarted: 'get_started_requests',
  newsletters: `newsletter_subscribers WHERE status = 'active'`,
} as const;

async function overview() {
  const res = await admin.get('/api/admin/overview');
  expectContract('getAdminOverview', res);
  return res.body as {
    counts: Record<keyof typeof TABLES, number>;
    daily: { date: string; contacts: number; demos: number; getStarted: number }[];
  };
}

/** The overview's counts must be the tables' own count(*). */
async function expectExactCounts() {
  const { counts } = await overview();
  for (const [key, table] of Object.entries(TABLES)) {
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(counts[key as keyof typeof TABLES], table).toBe(rows[0]!.n);
  }
  return counts;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('lead counts', () => {
  it('stay exact through API inserts, idempotent replays, re-subscriptions, deletes and truncates', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t
        .request()
        .post('/api/contact')
        .send({ name: `Person ${i}`, email: `p${i}@example.com`, message: 'A message of some length' });
      expect(res.status).toBe(201);
    }
    const key = { 'Idempotency-Key': 'once-only' };
    await t.request().post('/api/demo').set(key).send({ name: 'Demo Person', email: 'd@example.com' });
    await t.request().post('/api/demo').set(key).send({ name: 'Demo Person', email: 'd@example.com' });
    await t.request().post('/api/newsletter').send({ email: 'reader@example.com' });
    await t.request().post('/api/newsletter').send({ email: 'reader@example.com' });
    expect(await expectExactCounts()).toEqual({ contacts: 3, demos: 1, getStarted: 0, newsletters: 0 });
    await t.db.query(`UPDATE newsletter_subscribers SET status = 'active'`);
    expect((await expectExactCounts()).newsletters).toBe(1);
    await t.db.query(`UPDATE newsletter_subscribers SET status = 'inactive'`);
    expect((await expectExactCounts()).newsletters).toBe(0);
    expect((await admin.get('/api/contacts')).body).toMatchObject({ total: 3, totalCapped: false });

    await t.db.query(`DELETE FROM contact_submissions WHERE name IN ('Person 0', 'Person 2')`);
    expect((await expectExactCounts()).contacts).toBe(1);
    await t.db.query('TRUNCATE demo_requests');
    expect((await expectExactCounts()).demos).toBe(0);
    await t.request().post('/api/demo').send({ name: 'Demo Again', email: 'again@example.com' });
    expect((await expectExactCounts()).demos).toBe(1);
  });

  it('stay exact under concurrent inserts from many connections', async () => {
    const clients = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const c = new pg.Client({ connectionString: t.databaseUrl });
        await c.connect();
        return c;
      }),
    );
    try {
      await Promise.all([
        ...clients.map(async (c, i) => {
          for (let j = 0; j < 25; j++) {
            await c.query(`INSERT INTO get_started_requests (name, email) VALUES ($1, 'x@example.com')`, [
              `Client ${i} Row ${j}`,
            ]);
          }
          // A multi-row statement in a transaction that is rolled back must count for nothing.
          await c.query('BEGIN');
          await c.query(
            `INSERT INTO get_started_requests (name, email) SELECT 'Ghost', 'g@example.com' FROM generate_series(1, 5)`,
          );
          await c.query('ROLLBACK');
        }),
        ...Array.from({ length: 30 }, (_, i) =>
          t
            .request()
            .post('/api/get-started')
            .send({ name: `Web Person ${i}`, email: `w${i}@example.com` })
            .expect(201),
        ),
      ]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    expect((await expectExactCounts()).getStarted).toBe(12 * 25 + 30);
  });

  it('keep the 30-day chart per UTC day for bulk inserts, deletes and a moved timestamp', async () => {
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, message, created_at)
       SELECT 'Bulk ' || g, 'b' || g || '@example.com', 'A message of some length', now() - (g % 3) * interval '1 day'
         FROM generate_series(1, 30) g`,
    );
    await t.db.query(
      `INSERT INTO demo_requests (name, email, created_at) VALUES ('Old Demo', 'o@example.com', now() - interval '40 days')`,
    );
    let { daily } = await overview();
    const day = (date: string) => daily.find((d) => d.date === date);
    expect(daily).toHaveLength(30);
    expect([day(daysAgo(0))?.contacts, day(daysAgo(1))?.contacts, day(daysAgo(2))?.contacts]).toEqual([
      10, 10, 10,
    ]);
    expect(daily.reduce((n, d) => n + d.demos, 0)).toBe(0);

    await t.db.query(`DELETE FROM contact_submissions WHERE name IN ('Bulk 3', 'Bulk 6')`);
    await t.db.query(`UPDATE demo_requests SET created_at = now() - interval '1 day'`);
    await t.db.query(`UPDATE demo_requests SET status = 'confirmed'`);
    ({ daily } = await overview());
    expect(day(daysAgo(0))?.contacts).toBe(8);
    expect(day(daysAgo(1))?.demos).toBe(1);
    await expectExactCounts();
  });
});

describe('search totals', () => {
  it('count exactly up to 1,000 matches, then say "more" and still page in order', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, created_at)
       SELECT 'match' || g || '@example.com', timestamp '2026-01-01' + g * interval '1 minute' FROM generate_series(1, 1000) g`,
    );
    await t.db.query(`INSERT INTO newsletter_subscribers (email) VALUES ('other@elsewhere.org')`);
    const exact = await admin.get('/api/newsletters').query({ q: 'MATCH', limit: 200 });
    expectContract('listNewsletterSubscribers', exact);
    expect(exact.body).toMatchObject({ total: 1000, totalCapped: false });

    await t.db.query(`INSERT INTO newsletter_subscribers (email) VALUES ('match-newest@example.com')`);
    const capped = await admin.get('/api/newsletters').query({ q: 'match', limit: 200 });
    expectContract('listNewsletterSubscribers', capped);
    expect(capped.body).toMatchObject({ total: 1000, totalCapped: true });
    expect(capped.body.newsletters[0].email).toBe('match-newest@example.com');
    expect(capped.body.newsletters[1].email).toBe('match1000@example.com');
    const next = await admin
      .get('/api/newsletters')
      .query({ q: 'match', limit: 200, cursor: capped.body.nextCursor });
    expect(next.body.newsletters[0].email).toBe('match801@example.com');
    expect((await admin.get('/api/newsletters')).body).toMatchObject({ total: 1002, totalCapped: false });
  });

  it('pages through a search newest first without skipping or repeating a row', async () => {
    await seedContacts(
      t,
      Array.from({ length: 120 }, (_, i) => ({
        name: `Searched ${i}`,
        company: i % 2 ? 'Acme Labs' : 'Other Co',
        createdAt: `2026-01-01T00:00:${String(i % 30).padStart(2, '0')}Z`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin
        .get('/api/contacts')
        .query({ q: 'acme', limit: 25, ...(cursor ? { cursor } : {}) });
      expectContract('listContacts', res);
      expect(res.body).toMatchObject({ total: 60, totalCapped: false });
      seen.push(...res.body.contacts.map((c: { name: string }) => c.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it.each(['field\u001fbob', 'ann field\u001f', 'example.com\u001fcarl'])(
    "refuses a term holding the fields' separator (a control character): %j",
    async (q) => {
      const res = await admin.get('/api/contacts').query({ q });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: '/query/q', message: 'q must not contain control characters' },
      ]);
    },
  );

  it('never matches across two fields', async () => {
    await seedContacts(t, [{ name: 'Ann Field', email: 'bob@example.com', company: 'Carl Co' }]);
    expect((await admin.get('/api/contacts').query({ q: 'field bob' })).body.total).toBe(0);
    expect((await admin.get('/api/contacts').query({ q: 'D BO' })).body.total).toBe(0);
    expect((await admin.get('/api/contacts').query({ q: 'ANN FIELD' })).body.total).toBe(1);
    expect((await admin.get('/api/contacts').query({ q: 'carl co' })).body.total).toBe(1);
  });
});
