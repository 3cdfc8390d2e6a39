import { Badge, Button, Code, HStack, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../../../components/notices.tsx';
import { roleLabels } from '../../../../lib/roles.ts';
import {
  invitationsQuery,
  useResendInvitation,
  useRevokeInvitation,
  type TeamInvitation,
} from '../api/invitations.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { refused } from './problem-notice.ts';

const deliveryLabels = schemas.TeamInvitation.properties.delivery['x-enum-labels'] as Record<string, string>;
const stateLabels = schemas.TeamInvitation.properties.state['x-enum-labels'] as Record<string, string>;

/** Pending and expired invitations, each to send again or revoke; a held email's link is shown. */
export function InvitationsList({ mayManage }: { mayManage: (i: TeamInvitation) => boolean }) {
  const { data: invitations = [] } = useQuery(invitationsQuery);
  if (invitations.length === 0) return <Text color="fg.muted">No pending invitations.</Text>;
  return (
    <DataTable
      label="Pending invitations"
      columns={columns(mayManage)}
      rows={invitations}
      rowKey={(i) => i.id}
    />
  );
}

const columns = (mayManage: (i: TeamInvitation) => boolean): Column<TeamInvitation>[] => [
  { header: 'Email', cell: (i) => i.email },
  { header: 'Role', cell: (i) => roleLabels[i.role] },
  {
    header: 'State',
    cell: (i) => (
      <>
        <Badge colorPalette={i.state === 'pending' ? 'blue' : 'orange'}>{stateLabels[i.state]}</Badge>{' '}
        <Text as="span" fontSize="xs" color="fg.muted">
          until {new Date(i.expiresAt).toLocaleString()}
        </Text>
      </>
    ),
  },
  {
    header: 'Email sent',
    cell: (i) => (
      <>
        <Text>
          {deliveryLabels[i.delivery]} by {i.invitedBy}
        </Text>
        {i.deliveryError && <Text fontSize="xs">{i.deliveryError}</Text>}
        {i.heldLink && (
          <Text fontSize="xs">
            Link to pass on: <Code data-testid="held-link">{i.heldLink}</Code>
          </Text>
        )}
      </>
    ),
  },
  { header: 'Actions', cell: (i) => mayManage(i) && <InvitationActions invitation={i} /> },
];

function InvitationActions({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <HStack>
      <Button
        size="xs"
        variant="outline"
        loading={resend.isPending}
        aria-label={`Send the invitation to ${invitation.email} again`}
        onClick={() =>
          resend.mutate(invitation.id, {
            onSuccess: () =>
              notify({
                type: 'success',
                title: 'Sent again',
                description: 'The earlier link no longer works.',
              }),
            onError: refused('Could not send it again'),
          })
        }
      >
        Send again
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        loading={revoke.isPending}
        aria-label={`Revoke the invitation to ${invitation.email}`}
        onClick={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () =>
              notify({
                type: 'success',
                title: 'Invitation revoked',
                description: 'Its link no longer works.',
              }),
            onError: refused('Could not revoke it'),
          })
        }
      >
        Revoke
      </Button>
    </HStack>
  );
}
