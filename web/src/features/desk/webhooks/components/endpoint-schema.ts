import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';

type S = components['schemas'];

// The endpoint form's rules, limits, options and messages, read from the contract's
// WebhookEndpointInput (docs/product.md#webhooks), so the desk refuses what the server would.

const url = schemas.WebhookUrl;
const description = schemas.WebhookDescription;
const eventsMessages = schemas.WebhookEvents['x-messages'];
const length = (s: string) => [...s].length;
// The boxes cannot choose a value twice; the rule is here so that the schema is the contract's.
const unique = (values: string[]) => new Set(values).size === values.length;

const labelled = <V extends string>(values: readonly V[], labels: Record<string, string>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** The events an endpoint can subscribe to, with their labels. */
export const eventOptions = labelled(schemas.WebhookEvent.enum, schemas.WebhookEvent['x-enum-labels']);
/** The lead kinds `lead.*` events can be limited to, with their labels. */
export const leadKindOptions = labelled(schemas.LeadKind.enum, schemas.LeadKind['x-enum-labels']);
export const URL_MAX_LENGTH = url.maxLength;
export const DESCRIPTION_MAX_LENGTH = description.maxLength;

const urlPattern = new RegExp(url.pattern, 'u');
export const endpointSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((s) => s !== '', url['x-messages'].required)
    .refine((s) => s === '' || length(s) <= url.maxLength, url['x-messages'].maxLength)
    .refine((s) => s === '' || urlPattern.test(s), url['x-messages'].pattern),
  description: z
    .string()
    .trim()
    .refine((s) => length(s) <= description.maxLength, description['x-messages'].maxLength),
  events: z
    .array(z.enum(schemas.WebhookEvent.enum))
    .min(1, eventsMessages.minItems)
    .refine(unique, eventsMessages.uniqueItems),
  leadKinds: z
    .array(z.enum(schemas.LeadKind.enum))
    .refine(unique, schemas.WebhookLeadKinds['x-messages'].uniqueItems),
  enabled: z.boolean(),
}) satisfies z.ZodType<Required<S['WebhookEndpointInput']>, unknown>;

export type EndpointValues = z.input<typeof endpointSchema>;
/** The checked values: the contract's WebhookEndpointInput, trimmed. */
export type EndpointBody = z.output<typeof endpointSchema>;

export const emptyEndpoint: EndpointValues = {
  url: '',
  description: '',
  events: [],
  leadKinds: [],
  enabled: true,
};

/** The form's values for an endpoint as it is (the edit form starts from them). */
export const endpointValues = (e: S['WebhookEndpoint']): EndpointValues => ({
  url: e.url,
  description: e.description,
  events: e.events,
  leadKinds: e.leadKinds,
  enabled: e.enabled,
});
