import { Heading, Stack, Text } from '@chakra-ui/react';
import { can, type Role } from '../../../../lib/roles.ts';
import { manageable } from '../api/members.ts';
import type { InvitedRole } from '../api/invitations.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';
import { SingleSignOnCard } from './single-sign-on-card.tsx';

/**
 * /admin/team: the people of the desk, their roles, invitations (docs/operations.md#roles) and,
 * for admins, how single sign-on is set up (docs/operations.md#single-sign-on).
 */
export function TeamPage({ me }: { me: { username: string; role: Role } }) {
  const roles = manageable(me.role).filter((r): r is InvitedRole => r !== 'owner');
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Team
      </Heading>
      <MembersTable me={me} />
      {can(me.role, 'createTeamInvitation') && (
        <Stack gap="3">
          <Heading as="h3" size="md">
            Invite someone
          </Heading>
          <Text color="fg.muted">
            They get an email with a link that works once, for that address, for 7 days.
          </Text>
          <InviteForm roles={roles} />
          <Heading as="h3" size="md">
            Pending invitations
          </Heading>
          <InvitationsList mayManage={(i) => roles.includes(i.role)} />
        </Stack>
      )}
      {can(me.role, 'getSingleSignOnSettings') && <SingleSignOnCard />}
    </Stack>
  );
}
