import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, FOLLOW_UP_TABLES, signedIn } from './admin-helpers.ts';
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
  truncate(t.db, `contact_submissions, newsletter_subscribers, ${FOLLOW_UP_TABLES} RESTART IDENTITY`),
);

/** The export's rule, written once more in JavaScript to check the database's output against. */
function cell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function exportText(path: string, q?: string): Promise<string> {
  const res = await admin
    .get(path)
    .query(q ? { q } : {})
    .buffer(true)
    .parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => cb(null, text));
    });
  expect(res.status).toBe(200);
  return res.body as string;
}

// Text as people paste it: quotes, commas, line breaks, formula starts, tabs, accents, emoji.
const piece = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '"',
  ',',
  "'",
  ' ',
  'é',
  '😀',
  'a',
  'Z',
  '1',
);
const field = (min: number, max: number) =>
  fc.array(piece, { minLength: min, maxLength: max }).map((parts) => parts.join(''));

describe('CSV export', () => {
  it('writes every field as the neutralise-then-quote rule says, for any text', async () => {
    const rows = fc.sample(
      fc.record({ name: field(2, 12), phone: field(0, 6), company: field(0, 12), message: field(10, 40) }),
      { numRuns: 300, seed: 7 },
    );
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, phone, company, service, message, created_at)
       SELECT r.name, 'row' || r.n || '@example.com', r.phone, r.company, 'sms-ai', r.message,
              timestamptz '2026-01-01T00:00:00Z' + r.n * interval '1.5 seconds'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS r (name, phone, company, message, n)`,
      [
        rows.map((r) => r.name),
        rows.map((r) => r.phone),
        rows.map((r) => r.company),
        rows.map((r) => r.message),
      ],
    );
    const expected = rows
      .map((r, i) => ({ ...r, n: i + 1 }))
      .reverse()
      .map((r) => {
        const date = new Date(Date.UTC(2026, 0, 1) + r.n * 1500).toISOString();
        const cells = [r.name, `row${r.n}@example.com`, date, 'sms-ai', r.phone, r.company, r.message];
        // Then the attribution columns (docs/product.md#attribution) and the assignee, empty.
        cells.push(...Array<string>(8).fill(''));
        return `${cells.map(cell).join(',')}\r\n`;
      })
      .join('');
    const text = await exportText('/api/contacts/export');
    expect(text).toBe(
      `\uFEFFName,Email,Date,Service,Phone,Company,Message,Landing Page,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content,Assignee\r\n${expected}`,
    );
  });

  it('writes dates as the lists do, subscribers as Pending, Active or Inactive, and empty fields bare', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, status, created_at) VALUES
         ('on@example.com', 'active', '2026-03-04T05:06:07.891234Z'), ('off@example.com', 'inactive', '2026-03-04T05:06:08Z'),
         ('new@example.com', 'pending', '2026-03-04T05:06:09Z')`,
    );
    const listed = (await admin.get('/api/newsletters')).body.newsletters as { createdAt: string }[];
    expect(await exportText('/api/newsletters/export')).toBe(
      '\uFEFFEmail,Subscribed,Status,Assignee\r\n' +
        `new@example.com,${listed[0]!.createdAt},Pending,\r\n` +
        `off@example.com,${listed[1]!.createdAt},Inactive,\r\n` +
        `on@example.com,${listed[2]!.createdAt},Active,\r\n`,
    );
    expect(listed.map((n) => n.createdAt)).toEqual([
      '2026-03-04T05:06:09.000Z',
      '2026-03-04T05:06:08.000Z',
      '2026-03-04T05:06:07.891Z',
    ]);

    await t.db.query(
      `INSERT INTO contact_submissions (name, email, message, created_at) VALUES ('No Extras', 'n@example.com', 'Only a message', '2026-01-01T00:00:00Z')`,
    );
    expect(await exportText('/api/contacts/export')).toContain(
      '\r\nNo Extras,n@example.com,2026-01-01T00:00:00.000Z,,,,Only a message,,,,,,,,\r\n',
    );
  });

  it('exports every row of a search across many batches, in the list order', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, created_at)
       SELECT 'reader' || g || '@example.com', timestamptz '2026-01-01T00:00:00Z' + (g / 3) * interval '1 second'
         FROM generate_series(1, 1234) g`,
    );
    await t.db.query(`INSERT INTO newsletter_subscribers (email) VALUES ('other@elsewhere.org')`);
    const lines = (await exportText('/api/newsletters/export', 'READER')).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1234);
    const emails = lines.map((l) => l.split(',')[0]);
    expect(new Set(emails).size).toBe(1234);
    // Newest first, ties (three rows a second) by id, newest first.
    expect(emails.slice(0, 4)).toEqual([
      'reader1234@example.com',
      'reader1233@example.com',
      'reader1232@example.com',
      'reader1231@example.com',
    ]);
  });

  it('lets a reader leave mid-export without holding a database connection', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email) SELECT 'leaver' || g || '@example.com' FROM generate_series(1, 5000) g`,
    );
    const { cookie } = admin;
    for (let i = 0; i < 12; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${t.baseUrl}/api/newsletters/export`, { headers: { cookie } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
    }
    // More aborted exports than the pool has connections: each must have given its own back.
    await expect.poll(() => t.appDb.totalCount - t.appDb.idleCount, { timeout: 10_000 }).toBe(0);
    const res = await admin.get('/api/newsletters');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5000);
    expect(t.appDb.waitingCount).toBe(0);
  });
});
