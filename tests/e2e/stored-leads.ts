import { expect, type APIRequestContext } from '@playwright/test';
import { adminPassword } from './fixtures.ts';

/** The desk's list of each kind of lead. */
type LeadList = '/api/contacts' | '/api/get-started' | '/api/demos' | '/api/newsletters';

/**
 * How many leads of a list the API has stored whose fields contain `q`, read as the desk reads
 * them: signed in with the e2e admin account (the request context keeps the session cookie).
 */
export async function storedLeads(
  request: APIRequestContext,
  baseURL: string,
  list: LeadList,
  q: string,
): Promise<number> {
  // The desk's state-changing requests must name the site as their origin.
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: adminPassword },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.get(`${list}?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** How many contact leads the API has stored whose fields contain `q` (see storedLeads). */
export const storedContacts = (request: APIRequestContext, baseURL: string, q: string): Promise<number> =>
  storedLeads(request, baseURL, '/api/contacts', q);
