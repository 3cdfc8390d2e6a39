import type { components } from '@lead-desk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { sessionKey } from '../../shared/api/session.ts';

type S = components['schemas'];

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
