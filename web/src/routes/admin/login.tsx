import { createFileRoute, redirect } from '@tanstack/react-router';
import { ssoOutcome, type SsoOutcome } from '../../features/desk/session/api/single-sign-on.ts';
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
  // `sso`: what the way back from the identity provider said (docs/operations.md#single-sign-on);
  // a value the server does not send is dropped.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; sso?: SsoOutcome } => {
    const target = deskAddress(search.redirect);
    const sso = ssoOutcome(search.sso);
    return { ...(target ? { redirect: target } : {}), ...(sso ? { sso } : {}) };
  },
  // Signed in already (a reload, a second tab): straight on.
  beforeLoad: async ({ context, search }) => {
    if (await currentSession(context.queryClient)) throw redirect({ href: search.redirect ?? '/admin' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target, sso } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LoginForm
      redirect={target}
      sso={sso}
      onSignedIn={() => navigate({ href: target ?? '/admin', replace: true })}
      onStartOver={() => void navigate({ search: (s) => ({ ...s, sso: undefined }), replace: true })}
    />
  );
}
