import { insertEvent, type Queryable } from './events.repo.ts';
import type { LeadKindName, WebhookData, WebhookType } from './payloads.ts';

/** Events code emits itself; lead.created comes from the lead tables' trigger, webhook.test from the desk. */
export type EmittedEvent = Exclude<WebhookType, 'lead.created' | 'webhook.test'>;

/**
 * Emits a webhook event inside the caller's transaction (pass the transaction's client): the event,
 * a delivery per subscribed endpoint and their jobs commit with the change, or not at all.
 * `data` is the event's `data` exactly as the contract's `webhooks` section describes it (types
 * generated from it); the lead it names is how the desk finds the deliveries a lead caused.
 * Cheap when no endpoint subscribes: one look at the endpoints, nothing written.
 *
 *   await emitEvent(client, 'demo.scheduled', { kind: 'demo', lead, invitation });
 *   await emitEvent(client, 'newsletter.confirmed', { kind: 'newsletter', lead: subscriber });
 */
export async function emitEvent<E extends EmittedEvent>(
  client: Queryable,
  type: E,
  data: WebhookData<E>,
): Promise<number> {
  const { kind, lead } = data as { kind: LeadKindName; lead: { id: number } };
  return insertEvent(client, { type, leadKind: kind, leadId: lead.id, data });
}
