import { z } from 'zod';
import { preferredDateOptions, preferredTimeOptions } from '../../../content/options.ts';
import { api } from '../../../lib/api-client.ts';
import {
  companyField,
  emailField,
  honeypotField,
  messageField,
  nameField,
  optionField,
  phoneField,
} from '../../../lib/lead-schema.ts';

export const demoSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  company: companyField,
  preferredDate: optionField(
    preferredDateOptions.map((o) => o.value),
    'Please choose a preferred date from the list',
  ),
  preferredTime: optionField(
    preferredTimeOptions.map((o) => o.value),
    'Please choose a preferred time from the list',
  ),
  message: messageField,
  website: honeypotField,
});
export type DemoValues = z.input<typeof demoSchema>;
export const emptyDemo: DemoValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  preferredDate: '',
  preferredTime: '',
  message: '',
  website: '',
};

export function scheduleDemo(values: DemoValues, idempotencyKey: string) {
  const body = demoSchema.parse(values);
  return api.POST('/api/demo', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } });
}
