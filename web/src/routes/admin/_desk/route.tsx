import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { EnrolBanner } from '../../../features/desk/security/components/enrol-banner.tsx';
import { DeskLayout } from '../../../features/desk/session/components/desk-layout.tsx';
import { currentSession } from '../../../features/desk/shared/desk-routes.ts';
import { DeskError } from '../-components/desk-error.tsx';

/** Every signed-in page of the desk: a visitor without a session signs in first, then comes back. */
export const Route = createFileRoute('/admin/_desk')({
  beforeLoad: async ({ context, location }) => {
    const session = await currentSession(context.queryClient);
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: location.href } });
    // ADMIN_MFA=required and no second factor yet: the server answers nothing else (403), so the
    // desk shows only the enrolment (docs/operations.md#second-factor).
    if (session.secondFactor.mustEnrol && location.pathname !== '/admin/security')
      throw redirect({ to: '/admin/security', replace: true });
    return { session };
  },
  errorComponent: DeskError,
  component: Desk,
});

function Desk() {
  const { session } = Route.useRouteContext();
  return (
    <DeskLayout username={session.username} role={session.role}>
      <EnrolBanner />
      <Outlet />
    </DeskLayout>
  );
}
