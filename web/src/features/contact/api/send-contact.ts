import { z } from 'zod';
import { serviceOptions } from '../../../content/options.ts';
import { api } from '../../../lib/api-client.ts';
import {
  companyField,
  contactMessageField,
  emailField,
  honeypotField,
  nameField,
  optionField,
  phoneField,
} from '../../../lib/lead-schema.ts';

export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  company: companyField,
  service: optionField(
    serviceOptions.map((o) => o.value),
    'Please choose a service from the list',
  ),
  message: contactMessageField,
  website: honeypotField,
});
export type ContactValues = z.input<typeof contactSchema>;
export const emptyContact: ContactValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  message: '',
  website: '',
};

export function sendContact(values: ContactValues, idempotencyKey: string) {
  const body = contactSchema.parse(values);
  return api.POST('/api/contact', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } });
}
