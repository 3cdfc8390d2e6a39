import { expect, type APIRequestContext } from '@playwright/test';

/** The desk's list of each kind of lead. */
type LeadList = '/api/contacts' | '/api/get-started' | '/api/demos' | '/api/newsletters';

/**
 * How many leads of a list the API has stored whose fields contain `q`, read as the desk reads
 * them, with the worker's session (`deskApi` of tests/e2e/admin-helpers.ts: one sign-in per
 * worker, not one per look).
 */
export async function storedLeads(deskApi: APIRequestContext, list: LeadList, q: string): Promise<number> {
  const res = await deskApi.get(`${list}?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** How many contact leads the API has stored whose fields contain `q` (see storedLeads). */
export const storedContacts = (deskApi: APIRequestContext, q: string): Promise<number> =>
  storedLeads(deskApi, '/api/contacts', q);
