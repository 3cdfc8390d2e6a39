import { queryOptions, useMutation } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

type Session = components['schemas']['Session'];

/**
 * What the link offers. Not under the 'admin' key: the invitee is signed out, and a 410 here is
 * the page's answer, not an ended session.
 */
export const invitationOfferQuery = (token: string) =>
  queryOptions({
    queryKey: ['team-invitation', token],
    queryFn: async () => (await api.POST('/api/team-invitation/check', { body: { token } })).data!,
    retry: false,
  });

const field = schemas.TeamInvitationAcceptance.properties;
/** The accept form's rule, the contract's TeamInvitationAcceptance (the token comes from the link). */
export const acceptSchema = z.object({
  email: z
    .string()
    .min(field.email.minLength, field.email['x-messages'].minLength)
    .max(field.email.maxLength, field.email['x-messages'].maxLength),
  username: z
    .string()
    .min(field.username.minLength, field.username['x-messages'].minLength)
    .max(field.username.maxLength, field.username['x-messages'].maxLength)
    .regex(new RegExp(field.username.pattern), field.username['x-messages'].pattern),
  password: z
    .string()
    .refine((s) => [...s].length >= field.password.minLength, field.password['x-messages'].minLength)
    .refine((s) => [...s].length <= field.password.maxLength, field.password['x-messages'].maxLength),
});
export type AcceptValues = z.input<typeof acceptSchema>;

/** Makes the account and signs it in; `onSignedIn` puts the new session where the desk reads it. */
export function useAcceptInvitation(token: string, onSignedIn: (s: Session) => void) {
  return useMutation({
    mutationFn: async (values: z.output<typeof acceptSchema>) =>
      (await api.POST('/api/team-invitation/accept', { body: { token, ...values } })).data!,
    onSuccess: onSignedIn,
  });
}
