import type supertest from 'supertest';
import { ensureFirstAdmin } from '../src/admin/admin.service.ts';
import { createLogger } from '../src/http/logger.ts';
import type { TestApp } from './harness.ts';

export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

export async function createAdmin(t: TestApp): Promise<void> {
  await ensureFirstAdmin(
    t.db,
    { adminUsername: ADMIN.username, adminPassword: ADMIN.password },
    createLogger('silent'),
  );
}

/** A signed-in agent: it keeps the session cookie and sends Origin like the dashboard does. */
export async function signedIn(t: TestApp): Promise<supertest.Agent> {
  const agent = t.request().set('Origin', t.baseUrl);
  const res = await agent.post('/api/admin/login').send(ADMIN);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** Inserts leads straight into the database, with chosen timestamps. */
export async function seedContacts(
  t: TestApp,
  rows: { name: string; email?: string; company?: string; message?: string; createdAt?: string }[],
) {
  for (const r of rows) {
    await t.db.query(
      `INSERT INTO contact_submissions (name, email, company, message, created_at) VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, clock_timestamp()))`,
      [
        r.name,
        r.email ?? `${r.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        r.company ?? '',
        r.message ?? 'A message of some length',
        r.createdAt ?? null,
      ],
    );
  }
}

/** A subscriber's id (the public answer to a subscription never tells it, by design). */
export async function subscriberId(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    'SELECT id FROM newsletter_subscribers WHERE email = $1',
    [email],
  );
  return rows[0]!.id;
}

/** Every table a lead's follow-up writes, for a test's TRUNCATE beside the lead tables. */
export const FOLLOW_UP_TABLES = 'mail_messages, lead_events, newsletter_consents, acknowledgment_counts';
