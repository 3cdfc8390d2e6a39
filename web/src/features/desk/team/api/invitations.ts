import { queryOptions } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { useTeamChange } from './members.ts';

export type TeamInvitation = components['schemas']['TeamInvitation'];
export type InvitedRole = components['schemas']['InvitedRole'];

/** Open team invitations, newest first (docs/operations.md#team-invitations). */
export const invitationsQuery = queryOptions({
  queryKey: ['admin', 'team', 'invitations'],
  queryFn: async () => (await api.GET('/api/team/invitations')).data!.invitations,
});

const email = schemas.Email;
/** The invite form's rule, the contract's TeamInvitationInput (its Email) with its messages. */
export const inviteSchema = z.object({
  email: z
    .string()
    .refine((s) => [...s].length <= email.maxLength, email['x-messages'].maxLength)
    .refine((s) => new RegExp(email.pattern, 'u').test(s), email['x-messages'].pattern),
  role: z.enum(schemas.InvitedRole.enum),
});
export type InviteValues = z.input<typeof inviteSchema>;

export const useInvite = () =>
  useTeamChange(
    async (body: z.output<typeof inviteSchema>) => (await api.POST('/api/team/invitations', { body })).data!,
  );

export const useResendInvitation = () =>
  useTeamChange(
    async (id: number) =>
      (await api.POST('/api/team/invitations/{id}/resend', { params: { path: { id } } })).data!,
  );

export const useRevokeInvitation = () =>
  useTeamChange(async (id: number) => api.DELETE('/api/team/invitations/{id}', { params: { path: { id } } }));
