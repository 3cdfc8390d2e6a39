import { z } from 'zod';

/**
 * Field rules shared by the lead forms. They mirror the contract's limits (openapi.yaml); a unit
 * test checks each form schema against the contract's own request schema. Lengths count code
 * points, as JSON Schema does, not UTF-16 units.
 */
const length = (s: string) => [...s].length;

// The same pattern as the contract's Email schema.
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

export const nameField = z
  .string()
  .trim()
  .refine((s) => length(s) >= 2, 'Name must be at least 2 characters')
  .refine((s) => length(s) <= 100, 'Name must be at most 100 characters');

export const emailField = z
  .string()
  .trim()
  .refine((s) => length(s) <= 254 && EMAIL_PATTERN.test(s), 'Please enter a valid email address');

const maxField = (max: number, label: string) =>
  z
    .string()
    .trim()
    .refine((s) => length(s) <= max, `${label} must be at most ${max} characters`);

export const phoneField = maxField(40, 'Phone');
export const companyField = maxField(200, 'Company');
export const messageField = maxField(5000, 'Message');
export const contactMessageField = z
  .string()
  .trim()
  .refine((s) => length(s) >= 10, 'Message must be at least 10 characters')
  .refine((s) => length(s) <= 5000, 'Message must be at most 5000 characters');

/** An optional select: '' when nothing is chosen, as the spec's defaults say. Trimmed like the server. */
export const optionField = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (values as readonly string[]).includes(v), message) as unknown as z.ZodType<
    '' | T,
    string
  >;

/** The hidden honeypot: people never see it, so it stays empty. */
export const honeypotField = z.string().max(1000);
