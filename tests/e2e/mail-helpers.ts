import type { components } from '@lead-desk/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, subscribe } from './admin-helpers.ts';

type S = components['schemas'];

/** The desk's state-changing requests must name the site as their origin. */
export async function siteOrigin(request: APIRequestContext): Promise<{ Origin: string }> {
  return { Origin: new URL((await request.get('/api/health')).url()).origin };
}

/** Signs the request context in to the desk's API (it keeps the session cookie). */
export async function apiSignIn(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/login', { data: ADMIN, headers: await siteOrigin(request) });
  expect(res.status(), await res.text()).toBe(200);
}

/** A lead's emails as the desk's API lists them, once `ready` holds for them. */
export async function leadMessages(
  request: APIRequestContext,
  kind: S['LeadKind'],
  id: number,
  ready: (messages: S['MailMessageSummary'][]) => boolean,
): Promise<S['MailMessageSummary'][]> {
  let messages: S['MailMessageSummary'][] = [];
  await expect(async () => {
    const res = await request.get(`/api/leads/${kind}/${id}/history`);
    messages = ((await res.json()) as S['LeadHistory']).messages;
    expect(ready(messages)).toBe(true);
  }).toPass({ timeout: 15_000 });
  return messages;
}

/**
 * Subscribes an address and reads its confirmation email (held: no SMTP in tests) through the
 * desk's API. Returns the subscriber's id and the site paths of the email's two links.
 */
export async function newsletterLinks(request: APIRequestContext, email: string) {
  await subscribe(request, email);
  await apiSignIn(request);
  const list = await (await request.get(`/api/newsletters?q=${encodeURIComponent(email)}`)).json();
  const id = (list as { newsletters: { id: number }[] }).newsletters[0]!.id;
  const [held] = await leadMessages(request, 'newsletter', id, (m) => m.some((x) => x.status === 'held'));
  const mail = (await (await request.get(`/api/mail-messages/${held!.id}`)).json()) as S['MailMessage'];
  const link = (path: string) =>
    new RegExp(`${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.-]+`).exec(mail.html ?? '')![0];
  await request.post('/api/admin/logout', { headers: await siteOrigin(request) });
  return { id, confirm: link('/newsletter/confirm'), unsubscribe: link('/newsletter/unsubscribe') };
}
