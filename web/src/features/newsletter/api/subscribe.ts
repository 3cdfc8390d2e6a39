import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { emailField, honeypotField } from '../../../lib/lead-schema.ts';

export const newsletterSchema = z.object({ email: emailField, website: honeypotField });
export type NewsletterValues = z.input<typeof newsletterSchema>;

export function subscribe(values: NewsletterValues, idempotencyKey: string) {
  const body = newsletterSchema.parse(values);
  return api.POST('/api/newsletter', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } });
}
