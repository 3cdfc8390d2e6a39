import { Badge, Box, Button, Code, HStack, Table, Text } from '@chakra-ui/react';
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
import { refused } from './problem-notice.ts';

const deliveryLabels = schemas.TeamInvitation.properties.delivery['x-enum-labels'] as Record<string, string>;
const stateLabels = schemas.TeamInvitation.properties.state['x-enum-labels'] as Record<string, string>;

/** Pending and expired invitations, each to send again or revoke; a held email's link is shown. */
export function InvitationsList({ mayManage }: { mayManage: (i: TeamInvitation) => boolean }) {
  const { data: invitations = [] } = useQuery(invitationsQuery);
  if (invitations.length === 0) return <Text color="fg.muted">No pending invitations.</Text>;
  return (
    <Box overflowX="auto" bg="white" rounded="md" borderWidth="1px">
      <Table.Root size="sm" aria-label="Pending invitations">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader>Email sent</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invitations.map((i) => (
            <Table.Row key={i.id}>
              <Table.Cell>{i.email}</Table.Cell>
              <Table.Cell>{roleLabels[i.role]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={i.state === 'pending' ? 'blue' : 'orange'}>{stateLabels[i.state]}</Badge>{' '}
                <Text as="span" fontSize="xs" color="fg.muted">
                  until {new Date(i.expiresAt).toLocaleString()}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text>
                  {deliveryLabels[i.delivery]} by {i.invitedBy}
                </Text>
                {i.deliveryError && <Text fontSize="xs">{i.deliveryError}</Text>}
                {i.heldLink && (
                  <Text fontSize="xs">
                    Link to pass on: <Code data-testid="held-link">{i.heldLink}</Code>
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{mayManage(i) && <InvitationActions invitation={i} />}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

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
