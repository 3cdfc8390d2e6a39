import type { FormName } from '../../../components/form-view.ts';
import { api } from '../../../lib/api-client.ts';
import { bodySchema, type LeadValues } from '../../../lib/lead-schema.ts';

const schemas = {
  contact: bodySchema('ContactInput'),
  'get-started': bodySchema('GetStartedInput'),
  demo: bodySchema('DemoInput'),
  newsletter: bodySchema('NewsletterInput'),
};

/** The schema a form validates with: its request body's, from the contract. */
export const leadSchema = (kind: FormName) => schemas[kind];

const header = (key: string) => ({ header: { 'Idempotency-Key': key } });

// One line per endpoint: the client's types tie each path to its own body type.
const post = {
  contact: (values: LeadValues, key: string) =>
    api.POST('/api/contact', { body: schemas.contact.parse(values), params: header(key) }),
  'get-started': (values: LeadValues, key: string) =>
    api.POST('/api/get-started', { body: schemas['get-started'].parse(values), params: header(key) }),
  demo: (values: LeadValues, key: string) =>
    api.POST('/api/demo', { body: schemas.demo.parse(values), params: header(key) }),
  newsletter: (values: LeadValues, key: string) =>
    api.POST('/api/newsletter', { body: schemas.newsletter.parse(values), params: header(key) }),
} satisfies Record<FormName, unknown>;

/**
 * Sends a lead with its attempt's Idempotency-Key (docs/product.md#forms: a double click or a
 * retry never stores two leads). The values are parsed again, so what is sent is trimmed.
 */
export function submitLead(kind: FormName, values: LeadValues, idempotencyKey: string) {
  return post[kind](values, idempotencyKey);
}
