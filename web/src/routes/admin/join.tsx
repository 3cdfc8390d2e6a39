import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { signInOptionsQuery } from '../../features/desk/session/api/sign-in-options.ts';
import { singleSignOnStart } from '../../features/desk/session/api/single-sign-on.ts';
import { useSignedIn } from '../../features/desk/shared/api/session.ts';
import { AcceptInvitation } from '../../features/desk/team/components/accept-invitation.tsx';

/**
 * /admin/join#token=...: accepting a team invitation (docs/operations.md#team-invitations). The
 * token sits after `#`, so it never reaches a server log; once signed in, the desk is next (and
 * under ADMIN_MFA=required, its second-factor set-up first). Under LOCAL_LOGIN=owner|off the
 * invitation is accepted through the identity provider instead of with a password.
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
  // Unknown (the options could not be read): the password form, whose refusal says what to do.
  const { data: options, isError } = useQuery(signInOptionsQuery);
  return (
    <AcceptInvitation
      token={token}
      ways={
        isError
          ? { password: true, provider: null }
          : options && {
              password: options.password === 'all',
              provider: options.singleSignOn && {
                name: options.singleSignOn.displayName,
                href: singleSignOnStart('/admin'),
              },
            }
      }
      onSignedIn={(session) => {
        signedIn(session);
        void navigate({ to: '/admin', replace: true });
      }}
    />
  );
}
