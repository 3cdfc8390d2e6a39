import { createFileRoute } from '@tanstack/react-router';
import { invitationsQuery } from '../../../features/desk/team/api/invitations.ts';
import { membersQuery } from '../../../features/desk/team/api/members.ts';
import { singleSignOnQuery } from '../../../features/desk/team/api/single-sign-on.ts';
import { TeamPage } from '../../../features/desk/team/components/team-page.tsx';
import { can } from '../../../lib/roles.ts';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/team: people, roles, team invitations (docs/operations.md#roles) and single sign-on's settings. */
export const Route = createFileRoute('/admin/_desk/team')({
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(membersQuery),
      can(context.session.role, 'listTeamInvitations')
        ? context.queryClient.ensureQueryData(invitationsQuery)
        : undefined,
      // A side card: when it cannot be read, the team page still shows, with the card saying so.
      can(context.session.role, 'getSingleSignOnSettings')
        ? context.queryClient.prefetchQuery(singleSignOnQuery)
        : undefined,
    ]);
  },
  head: () => ({ meta: [{ title: 'Team | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: Team,
});

function Team() {
  const { session } = Route.useRouteContext();
  return <TeamPage me={session} />;
}
