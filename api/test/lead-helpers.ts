import type { OperationId } from '../src/http/typed.ts';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { truncate, type TestApp } from './harness.ts';

// Shared by the tests of the public lead endpoints (leads, lead-validation, lead-rate-limits).

export const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'Please call me about SMS.',
};

export interface Endpoint {
  path: string;
  op: OperationId;
  table: string;
  valid: Record<string, string>;
  /** 201 with the stored lead, or the newsletter's one answer for every address (202). */
  created: 201 | 202;
}
export const endpoints: Endpoint[] = [
  { path: '/api/contact', op: 'createContact', table: 'contact_submissions', valid: contact, created: 201 },
  {
    path: '/api/demo',
    op: 'createDemoRequest',
    table: 'demo_requests',
    valid: { name: 'Grace Hopper', email: 'grace@example.com' },
    created: 201,
  },
  {
    path: '/api/get-started',
    op: 'createGetStartedRequest',
    table: 'get_started_requests',
    valid: { name: 'Alan Turing', email: 'alan@example.com' },
    created: 201,
  },
  {
    path: '/api/newsletter',
    op: 'subscribeNewsletter',
    table: 'newsletter_subscribers',
    valid: { email: 'news@example.com' },
    created: 202,
  },
];

/** Empties every table a lead submission writes to (run before each test). */
export async function emptyLeadTables(t: TestApp): Promise<void> {
  await truncate(
    t.db,
    `contact_submissions, demo_requests, get_started_requests, newsletter_subscribers, idempotency_keys, rate_limit_buckets, ${FOLLOW_UP_TABLES}`,
  );
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}
