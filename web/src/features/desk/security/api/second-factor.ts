import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { sessionKey, useSignedIn } from '../../shared/api/session.ts';

type S = components['schemas'];

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

/** The sign-in's second step: a code for the password the server has just accepted. */
export function useVerifySecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: S['CodeInput']) =>
      (await api.POST('/api/admin/login/second-factor', { body })).data!,
    onSuccess: signedIn,
  });
}

/** The signed-in session with the second factor's new state. */
function useSecondFactorChanged() {
  const qc = useQueryClient();
  return (secondFactor: S['SecondFactorStatus']) =>
    qc.setQueryData<S['Session'] | null>(sessionKey, (s) => s && { ...s, secondFactor });
}

/** A new secret to add to the authenticator app: needs the password, and to replace one a code too. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: async (body: S['EnrolmentInput']) =>
      (await api.POST('/api/admin/second-factor/enrolment', { body })).data!,
  });
}

/** The app's first code confirms it; the answer's recovery codes are shown this once. */
export function useConfirmEnrolment() {
  const changed = useSecondFactorChanged();
  return useMutation({
    mutationFn: async (body: S['CodeInput']) =>
      (await api.POST('/api/admin/second-factor/enrolment/confirm', { body })).data!,
    onSuccess: (answer) => changed(answer.secondFactor),
  });
}

/** New recovery codes for a current code from the app; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const changed = useSecondFactorChanged();
  return useMutation({
    mutationFn: async (body: S['CodeInput']) =>
      (await api.POST('/api/admin/second-factor/recovery-codes', { body })).data!,
    onSuccess: (answer) => changed(answer.secondFactor),
  });
}
