import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';

// The database's own guard against double booking (docs/demo-slots.md#no-double-booking): two
// pending or confirmed demos of one host whose times with buffers overlap are refused, however
// many prospects book at once; a cancelled demo frees its time.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let host: string;
let otherHost: string;
let leads: string[];
let app: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  app = new pg.Pool({ connectionString: database.appUrl, max: 12 });
  const users = await app.query<{ id: string }>(
    `INSERT INTO admin_users (username, password_hash, role) VALUES ('host-a', 'x', 'member'), ('host-b', 'x', 'member') RETURNING id`,
  );
  [host, otherHost] = users.rows.map((r) => r.id) as [string, string];
  const made = await app.query<{ id: string }>(
    `INSERT INTO demo_requests (name, email)
     SELECT 'Prospect ' || n, 'p' || n || '@example.com' FROM generate_series(1, 12) n RETURNING id`,
  );
  leads = made.rows.map((r) => r.id);
});
afterAll(async () => {
  await app?.end();
  await database?.drop();
});

let token = 0;
const book = (lead: string, hostId: string, blocked: [string, string], starts: string, ends: string) => {
  token += 1;
  return app.query(
    `INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, ics_uid, manage_token_hash)
     VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, sha256(convert_to($7, 'UTF8')))`,
    [lead, hostId, starts, ends, blocked[0], blocked[1], `test-${token}@demo`],
  );
};

describe('demo bookings', () => {
  it('lets one of ten prospects who book the same host at the same time through', async () => {
    const tries = leads.slice(0, 10).map((lead) =>
      book(
        lead,
        host,
        ['2026-07-01T09:45Z', '2026-07-01T10:45Z'],
        '2026-07-01T10:00Z',
        '2026-07-01T10:30Z',
      ).then(
        () => 'booked',
        (err: { code?: string }) => err.code,
      ),
    );
    const outcome = await Promise.all(tries);
    expect(outcome.filter((o) => o === 'booked')).toHaveLength(1);
    expect(outcome.filter((o) => o === '23P01')).toHaveLength(9);
  });

  it('refuses a demo that reaches into another’s buffer, and takes one that only touches it', async () => {
    // The first demo blocks 09:45 to 10:45.
    await expect(
      book(
        leads[10]!,
        host,
        ['2026-07-01T10:30Z', '2026-07-01T11:15Z'],
        '2026-07-01T10:40Z',
        '2026-07-01T11:10Z',
      ),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'demo_bookings_no_overlap' });
    await expect(
      book(
        leads[10]!,
        host,
        ['2026-07-01T10:45Z', '2026-07-01T11:30Z'],
        '2026-07-01T10:45Z',
        '2026-07-01T11:15Z',
      ),
    ).resolves.toMatchObject({ rowCount: 1 });
    // Another host is free at the same time.
    await expect(
      book(
        leads[11]!,
        otherHost,
        ['2026-07-01T09:45Z', '2026-07-01T10:45Z'],
        '2026-07-01T10:00Z',
        '2026-07-01T10:30Z',
      ),
    ).resolves.toMatchObject({ rowCount: 1 });
  });

  it('frees the time of a cancelled demo, and keeps one active demo per lead', async () => {
    await app.query(
      `UPDATE demo_bookings SET status = 'cancelled', cancelled_by = 'prospect', cancelled_at = now()
       WHERE host_id = $1 AND starts_at = '2026-07-01T10:00Z'`,
      [host],
    );
    await expect(
      book(
        leads[0]!,
        host,
        ['2026-07-01T09:30Z', '2026-07-01T10:30Z'],
        '2026-07-01T09:45Z',
        '2026-07-01T10:15Z',
      ),
    ).resolves.toMatchObject({ rowCount: 1 });
    await expect(
      book(
        leads[0]!,
        host,
        ['2026-07-02T09:30Z', '2026-07-02T10:30Z'],
        '2026-07-02T09:45Z',
        '2026-07-02T10:15Z',
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'demo_bookings_one_per_lead_idx' });
  });

  it('keeps the buffers around the demo and the time finite', async () => {
    await expect(
      book(
        leads[1]!,
        host,
        ['2026-07-03T10:00Z', '2026-07-03T10:20Z'],
        '2026-07-03T10:00Z',
        '2026-07-03T10:30Z',
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      app.query(
        `INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, ics_uid, manage_token_hash)
         VALUES ($1, $2, '2026-07-03T10:00Z', '2026-07-03T10:30Z', tstzrange('2026-07-03T10:00Z', NULL), 'open@demo', '\\x00')`,
        [leads[1], host],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
