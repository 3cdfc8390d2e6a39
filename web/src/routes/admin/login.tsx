import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginForm } from '../../features/desk/session/components/login-form.tsx';
import { currentSession } from '../../features/desk/shared/desk-routes.ts';

/**
 * Where to go after signing in: a desk address on this site only, so a crafted link cannot send a
 * person elsewhere; anything else is ignored and the dashboard is next.
 */
function deskAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\/admin(?:[/?#]|$)/.test(value)) return undefined;
  return value.startsWith('/admin/login') ? undefined : value;
}

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = deskAddress(search.redirect);
    return target ? { redirect: target } : {};
  },
  // Signed in already (a reload, a second tab): straight on.
  beforeLoad: async ({ context, search }) => {
    if (await currentSession(context.queryClient)) throw redirect({ href: search.redirect ?? '/admin' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginForm onSignedIn={() => void navigate({ href: target ?? '/admin', replace: true })} />;
}
