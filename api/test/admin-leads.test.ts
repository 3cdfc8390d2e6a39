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
    `contact_submissions, demo_requests, get_started_requests, newsletter_subscribers, ${FOLLOW_UP_TABLES} RESTART IDENTITY`,
  ),
);

async function allPages(path: string, field: string, limit: number) {
  const seen: { id: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await admin.get(path).query({ limit, ...(cursor ? { cursor } : {}) });
    expectContract('listContacts', res);
    expect(res.status).toBe(200);
    seen.push(...res.body[field]);
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { seen, pages };
}

describe('admin lists', () => {
  it('pages through rows with equal timestamps without skipping or repeating any', async () => {
    const same = '2026-01-01T10:00:00.123456Z';
    await seedContacts(
      t,
      Array.from({ length: 45 }, (_, i) => ({ name: `Same ${i}`, createdAt: same })),
    );
    await seedContacts(
      t,
      Array.from({ length: 10 }, (_, i) => ({
        name: `Later ${i}`,
        createdAt: `2026-01-0${(i % 9) + 2}T00:00:00Z`,
      })),
    );
    const { seen, pages } = await allPages('/api/contacts', 'contacts', 7);
    expect(pages).toBe(8);
    expect(seen).toHaveLength(55);
    expect(new Set(seen.map((c) => c.id)).size).toBe(55);
    const times = seen.map((c) => (c as unknown as { createdAt: string }).createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('returns newest first with total and a null cursor on the last page', async () => {
    await seedContacts(t, [
      { name: 'Old One', createdAt: '2025-01-01T00:00:00Z' },
      { name: 'New One', createdAt: '2026-01-01T00:00:00Z' },
    ]);
    const res = await admin.get('/api/contacts');
    expectContract('listContacts', res);
    expect(res.body.total).toBe(2);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.contacts.map((c: { name: string }) => c.name)).toEqual(['New One', 'Old One']);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['cursor=not*valid', 'cursor'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('rejects %s with 400', async (query, field) => {
    const res = await admin.get(`/api/contacts?${query}`);
    expectContract('listContacts', res);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(`/query/${field}`);
  });

  it('rejects a well-formed cursor it never gave out with 400', async () => {
    const forged = Buffer.from(JSON.stringify(['yesterday', -1])).toString('base64url');
    const res = await admin.get(`/api/contacts?cursor=${forged}`);
    expectContract('listContacts', res);
    expect(res.status).toBe(400);
  });

  it('searches name, email and company case-insensitively, taking % and _ literally', async () => {
    await seedContacts(t, [
      { name: 'Marie Curie', email: 'marie@radium.fr', company: 'Sorbonne' },
      { name: 'Pierre Curie', email: 'pierre@example.com', company: 'ESPCI' },
      { name: 'Niels Bohr', email: 'niels@copenhagen.dk', company: '100% Quantum_Labs' },
    ]);
    const byName = await admin.get('/api/contacts').query({ q: 'CURIE' });
    expect(byName.body.total).toBe(2);
    const byEmail = await admin.get('/api/contacts').query({ q: 'radium' });
    expect(byEmail.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Marie Curie']);
    const byCompany = await admin.get('/api/contacts').query({ q: 'sorb' });
    expect(byCompany.body.total).toBe(1);
    expect((await admin.get('/api/contacts').query({ q: '100%' })).body.total).toBe(1);
    expect((await admin.get('/api/contacts').query({ q: '%' })).body.total).toBe(1);
    expect((await admin.get('/api/contacts').query({ q: 'm_rie' })).body.total).toBe(0);
  });

  it('lists each kind with its own field name and shape', async () => {
    await t
      .request()
      .post('/api/demo')
      .send({ name: 'Demo Person', email: 'demo@example.com', preferredTime: 'evening' });
    await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Start Person', email: 'start@example.com', monthlyVolume: '1k-10k' });
    await t.request().post('/api/newsletter').send({ email: 'reader@example.com' });
    const demos = await admin.get('/api/demos');
    expectContract('listDemoRequests', demos);
    expect(demos.body.demos[0]).toMatchObject({
      name: 'Demo Person',
      preferredTime: 'evening',
      status: 'pending',
    });
    const requests = await admin.get('/api/get-started');
    expectContract('listGetStartedRequests', requests);
    expect(requests.body.requests[0]).toMatchObject({
      name: 'Start Person',
      monthlyVolume: '1k-10k',
      status: 'pending',
    });
    const newsletters = await admin.get('/api/newsletters').query({ q: 'READER' });
    expectContract('listNewsletterSubscribers', newsletters);
    expect(newsletters.body.newsletters[0]).toMatchObject({
      email: 'reader@example.com',
      status: 'pending',
      isActive: false,
      confirmedAt: null,
    });
  });
});

describe('overview', () => {
  it('gives the four counts, the 10 newest across three kinds with their types, and 30 days of counts', async () => {
    await seedContacts(
      t,
      Array.from({ length: 8 }, (_, i) => ({ name: `Contact ${i}`, createdAt: `2026-01-01T00:00:0${i}Z` })),
    );
    await t.request().post('/api/demo').send({ name: 'Demo Person', email: 'demo@example.com' });
    await t.request().post('/api/get-started').send({ name: 'Start Person', email: 'start@example.com' });
    await t
      .request()
      .post('/api/contact')
      .send({ name: 'Newest Contact', email: 'n@example.com', message: 'The newest message' });
    // Subscribers are active ones only: a pending and an inactive address are not counted.
    for (const email of ['reader@example.com', 'pending@example.com', 'gone@example.com']) {
      await t.request().post('/api/newsletter').send({ email });
    }
    await t.db.query(
      `UPDATE newsletter_subscribers SET status = 'active' WHERE email <> 'pending@example.com'`,
    );
    await t.db.query(
      `UPDATE newsletter_subscribers SET status = 'inactive' WHERE email = 'gone@example.com'`,
    );
    const res = await admin.get('/api/admin/overview');
    expectContract('getAdminOverview', res);
    expect(res.body.counts).toEqual({ contacts: 9, demos: 1, getStarted: 1, newsletters: 1 });
    expect(res.body.recent).toHaveLength(10);
    expect(res.body.recent.slice(0, 3).map((r: { type: string; name: string }) => [r.type, r.name])).toEqual([
      ['contact', 'Newest Contact'],
      ['get-started', 'Start Person'],
      ['demo', 'Demo Person'],
    ]);
    expect(res.body.recent[9].name).toBe('Contact 1');
    expect(res.body.daily).toHaveLength(30);
    const today = res.body.daily[29];
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today).toMatchObject({ contacts: 1, demos: 1, getStarted: 1 });
  });
});

describe('CSV export', () => {
  it('streams every matching row with a BOM, quoting, and formula cells neutralised', async () => {
    await seedContacts(t, [
      { name: '=HYPERLINK("http://x")', company: '+cmd', message: '-2+3 is a formula' },
      { name: 'Plain, "Quoted" Name', company: '@risk', message: 'line one\nline two' },
    ]);
    const res = await admin
      .get('/api/contacts/export')
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      });
    expectContract('exportContacts', res);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body as string;
    expect(
      text.startsWith(
        '\uFEFFName,Email,Date,Service,Phone,Company,Message,Landing Page,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Assignee\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(`'+cmd`);
    expect(text).toContain(`'-2+3 is a formula`);
    expect(text).toContain(`"Plain, ""Quoted"" Name"`);
    expect(text).toContain(`'@risk`);
    expect(text).toContain('"line one\nline two"');
    expect(text.trim().split('\r\n')).toHaveLength(3);
  });

  it('exports only what the search matches, across many batches', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email) SELECT 'reader' || g || '@example.com' FROM generate_series(1, 4500) g`,
    );
    await t.db.query(`INSERT INTO newsletter_subscribers (email) VALUES ('other@elsewhere.org')`);
    const res = await admin
      .get('/api/newsletters/export')
      .query({ q: 'example.com' })
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => cb(null, text));
      });
    expect(res.status).toBe(200);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines).toHaveLength(4501);
    expect(new Set(lines).size).toBe(4501);
    expect(lines.some((l) => l.includes('elsewhere'))).toBe(false);
  });
});
