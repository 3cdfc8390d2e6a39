/* eslint-disable @typescript-eslint/no-explicit-any -- a kind's row type does not matter here, only its table and toApi */
import type { components, webhooks } from '@lead-desk/contract';
import { contactKind, demoKind, getStartedKind, newsletterKind, type LeadKind } from '../leads/lead-kinds.ts';

/** Every event the server sends, as the contract's top-level `webhooks` section names them. */
export type WebhookType = keyof webhooks;
/** The JSON body of one event, `{ type, timestamp, data }`, generated from the contract. */
export type WebhookPayload<E extends WebhookType> =
  webhooks[E]['post']['requestBody']['content']['application/json'];
export type WebhookData<E extends WebhookType> = WebhookPayload<E>['data'];

export type LeadKindName = components['schemas']['LeadKind'];

/** The lead kinds by the name webhooks give them. */
export const KINDS: Record<LeadKindName, LeadKind<any>> = {
  contact: contactKind,
  demo: demoKind,
  'get-started': getStartedKind,
  newsletter: newsletterKind,
};

export function kindName(kind: LeadKind<unknown>): LeadKindName {
  const entry = Object.entries(KINDS).find(([, k]) => k === kind);
  if (!entry) throw new Error(`Unknown lead kind ${kind.table}`);
  return entry[0] as LeadKindName;
}

/** The `webhook-id` of an event: `msg_` and its uuid's hex digits, as Standard Webhooks writes ids. */
export const webhookIdOf = (eventId: string): string => `msg_${eventId.replaceAll('-', '')}`;

/** An event as the worker sends it: its data already in the contract's shape. */
export interface OutgoingEvent {
  webhookId: string;
  type: WebhookType;
  createdAt: Date;
  data: unknown;
}

/** The body every attempt of the event sends, byte for byte (the signature covers it). */
export function payloadOf(event: OutgoingEvent): WebhookPayload<WebhookType> {
  return {
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
  } as WebhookPayload<WebhookType>;
}
