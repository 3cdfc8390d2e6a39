import { z } from 'zod';
import { monthlyVolumeOptions, serviceOptions } from '../../../content/options.ts';
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

export const getStartedSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  company: companyField,
  service: optionField(
    serviceOptions.map((o) => o.value),
    'Please choose a service from the list',
  ),
  monthlyVolume: optionField(
    monthlyVolumeOptions.map((o) => o.value),
    'Please choose a monthly volume from the list',
  ),
  message: messageField,
  website: honeypotField,
});
export type GetStartedValues = z.input<typeof getStartedSchema>;
export const emptyGetStarted: GetStartedValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  monthlyVolume: '',
  message: '',
  website: '',
};

export function requestGetStarted(values: GetStartedValues, idempotencyKey: string) {
  const body = getStartedSchema.parse(values);
  return api.POST('/api/get-started', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } });
}
