import type { LeadKind } from '../leads/lead-kinds.ts';
import { emitEvent } from './emit.ts';
import type { Queryable } from './events.repo.ts';
import { kindName, type WebhookData } from './payloads.ts';

type StatusChanged = WebhookData<'lead.status_changed'>;
type Unsubscribed = WebhookData<'newsletter.unsubscribed'>;

/**
 * The webhook event a desk change causes, in the change's transaction (docs/webhooks.md):
 * lead.status_changed when a demo or get-started request moves to another status, and
 * newsletter.unsubscribed (by the admin) when the desk deactivates an active subscriber (a pending
 * one never received the newsletter). Nothing for an unchanged status.
 */
export async function emitLeadChange(
  client: Queryable,
  kind: LeadKind<unknown>,
  lead: unknown,
  previousStatus: unknown,
): Promise<number> {
  const name = kindName(kind);
  const status = (lead as { status?: unknown }).status;
  if (previousStatus === undefined || status === previousStatus) return 0;
  if (name === 'demo' || name === 'get-started')
    return emitEvent(client, 'lead.status_changed', { kind: name, lead, previousStatus } as StatusChanged);
  if (name === 'newsletter' && status === 'inactive' && previousStatus === 'active')
    return emitEvent(client, 'newsletter.unsubscribed', { kind: name, lead, by: 'admin' } as Unsubscribed);
  return 0;
}
