import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useSignedIn } from '../../features/desk/shared/api/session.ts';
import { AcceptInvitation } from '../../features/desk/team/components/accept-invitation.tsx';

/**
 * /admin/join#token=...: accepting a team invitation (docs/operations.md#team-invitations). The
 * token sits after `#`, so it never reaches a server log; once signed in, the desk is next (and
 * under ADMIN_MFA=required, its second-factor set-up first).
 */
export const Route = createFileRoute('/admin/join')({
  head: () => ({ meta: [{ title: 'Join the team | Admin | TextFlow' }] }),
  component: Join,
});

function Join() {
  const hash = useLocation({ select: (l) => l.hash });
  const token = new URLSearchParams(hash).get('token') ?? '';
  const signedIn = useSignedIn();
  const navigate = Route.useNavigate();
  return (
    <AcceptInvitation
      token={token}
      onSignedIn={(session) => {
        signedIn(session);
        void navigate({ to: '/admin', replace: true });
      }}
    />
  );
}
