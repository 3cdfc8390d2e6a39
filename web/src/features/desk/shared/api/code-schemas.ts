import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';

// A code's rules and messages, as the contract's CodeInput has them. The app's code is 6 digits
// (spaces allowed, as the server takes it); a recovery code is anything CodeInput accepts.
const code = schemas.CodeInput.properties.code;
const messages = code['x-messages'];
export const appCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, messages.minLength)),
});
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(code.minLength, 'Enter one of your recovery codes')
    .max(code.maxLength, messages.maxLength)
    .regex(new RegExp(code.pattern), messages.pattern),
});
export type CodeValues = z.input<typeof appCodeSchema>;
