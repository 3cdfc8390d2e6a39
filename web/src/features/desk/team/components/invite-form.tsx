import { Button, HStack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../../../components/form-fields.tsx';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { roleLabels } from '../../../../lib/roles.ts';
import { inviteSchema, useInvite, type InviteValues, type InvitedRole } from '../api/invitations.ts';

/** Invites an address with one of the roles the signed-in account manages (docs/operations.md#team-invitations). */
export function InviteForm({ roles }: { roles: InvitedRole[] }) {
  const form = useForm<InviteValues, unknown, ReturnType<typeof inviteSchema.parse>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const invite = useInvite();
  const submit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (sent) => {
        form.reset({ email: '', role: body.role });
        notify(
          sent.delivery === 'failed'
            ? {
                type: 'error',
                title: 'Invitation not sent',
                description: sent.deliveryError ?? 'Send it again.',
              }
            : {
                type: 'success',
                title: 'Invitation sent',
                description:
                  sent.delivery === 'held'
                    ? `No email server is set: pass the link shown below to ${sent.email}.`
                    : `An email with the link went to ${sent.email}.`,
              },
        );
      },
      onError: (e) => {
        const problem =
          e instanceof ApiError ? e.problem?.errors?.find((p) => p.path === '/email') : undefined;
        form.setError('email', {
          message: problem?.message ?? ((e instanceof ApiError && e.detail) || 'Please try again later.'),
        });
      },
    }),
  );
  return (
    <form noValidate method="post" aria-label="Invite someone" onSubmit={submit}>
      <HStack align="flex-end" gap="3" flexWrap="wrap">
        <TextField
          label="Email"
          type="email"
          required
          registration={form.register('email')}
          error={form.formState.errors.email}
        />
        <SelectField
          label="Role"
          placeholder="Choose a role"
          registration={form.register('role')}
          error={form.formState.errors.role}
          options={roles.map((r) => ({ value: r, label: roleLabels[r] }))}
        />
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </HStack>
    </form>
  );
}
