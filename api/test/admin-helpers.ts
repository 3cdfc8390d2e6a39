import type supertest from 'supertest';
import { ensureFirstAdmin } from '../src/admin/admin.service.ts';
import { createLogger } from '../src/http/logger.ts';
import type { Role } from '../src/contract/load.ts';
import type { TestApp } from './harness.ts';
import { PASSWORD } from './team-helpers.ts';

export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

export async function createAdmin(t: TestApp): Promise<void> {
  await ensureFirstAdmin(
    t.db,
    { adminUsername: ADMIN.username, adminPassword: ADMIN.password },
    createLogger('silent'),
  );
}

export type SignedIn = supertest.Agent & {
  /** The session as a Cookie header, for a client of the test's own (a stream read with node:http). */
  cookie: string;
};

/**
 * An agent signed in to the desk's API as the desk's page is: it keeps the session cookie and sends
 * the site as Origin, which every state change needs (the CSRF check, api/src/admin/auth/origin.ts).
 * Without `as`, the first admin (`createAdmin`); a role, `createTeam`'s account of that role (named
 * after it, with its PASSWORD); or any account by username and password. A sign-in that does not
 * answer 200 (an account without it, a second factor asked for) fails the test here.
 */
export async function signedIn(
  t: TestApp,
  as: Role | { username: string; password?: string } = ADMIN,
): Promise<SignedIn> {
  const account = typeof as === 'string' ? { username: as, password: PASSWORD } : as;
  const agent = t.request().set('Origin', t.baseUrl);
  const res = await agent
    .post('/api/admin/login')
    .send({ username: account.username, password: account.password ?? PASSWORD });
  if (res.status !== 200)
    throw new Error(`login as ${account.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return Object.assign(agent, { cookie });
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
