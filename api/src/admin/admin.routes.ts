import type { Context } from 'koa';
import type { Handlers } from '../http/typed.ts';
import type { AuthService } from './auth/auth.service.ts';
import type { AdminPrincipal } from '../http/principal.ts';
import type { AdminLeadsService } from './leads/admin-leads.service.ts';
import type { SingleSignOn } from './sso/sso.service.ts';

type SessionOps =
  | 'adminLogin'
  | 'verifyAdminSecondFactor'
  | 'adminLogout'
  | 'getAdminSession'
  | 'getAdminOverview'
  | 'startSecondFactorEnrolment'
  | 'confirmSecondFactorEnrolment'
  | 'regenerateRecoveryCodes';

/** The one place a signed-in account becomes the contract's Session. */
export const session = (p: AdminPrincipal) => ({
  username: p.username,
  role: p.role,
  expiresAt: p.expiresAt.toISOString(),
  secondFactor: p.secondFactor,
  signedInWith: p.signedInWith,
  hasPassword: p.hasPassword,
});

/** Signing in and out, the session and its second factor, and the dashboard's overview. */
export function adminHandlers(
  auth: AuthService,
  leads: AdminLeadsService,
  sso: SingleSignOn,
): Pick<Handlers, SessionOps> {
  const principal = (ctx: Context) => ctx.state.admin as AdminPrincipal;
  /** The status once enrolled, as the next session read will give it. */
  const enrolled = (p: AdminPrincipal, codes: string[]) => ({
    recoveryCodes: codes,
    secondFactor: { ...p.secondFactor, enrolled: true, mustEnrol: false, recoveryCodesLeft: codes.length },
  });

  return {
    adminLogin: async ({ body, ctx }) => {
      const result = await auth.login(ctx, body.username, body.password);
      if ('signedIn' in result) return { status: 200, body: session(result.signedIn) };
      const { methods, expiresAt } = result.secondFactorRequired;
      return { status: 202, body: { secondFactor: { methods, expiresAt: expiresAt.toISOString() } } };
    },
    verifyAdminSecondFactor: async ({ body, ctx }) => ({
      status: 200,
      body: session(await auth.verifySecondFactor(ctx, body.code)),
    }),
    adminLogout: async ({ ctx }) => {
      // A session begun at the identity provider ends there too, where it offers that.
      const providerSignOutUrl = sso.signOutUrl((await auth.logout(ctx)).idToken);
      return providerSignOutUrl ? { status: 200, body: { providerSignOutUrl } } : { status: 204 };
    },
    getAdminSession: ({ ctx }) => ({ status: 200, body: session(principal(ctx)) }),
    getAdminOverview: async () => ({ status: 200, body: await leads.overview() }),
    startSecondFactorEnrolment: async ({ body, ctx }) => ({
      status: 200,
      body: await auth.secondFactor.startEnrolment(ctx, principal(ctx), body),
    }),
    confirmSecondFactorEnrolment: async ({ body, ctx }) => {
      const codes = await auth.secondFactor.confirmEnrolment(ctx, principal(ctx), body.code);
      return { status: 200, body: enrolled(principal(ctx), codes) };
    },
    regenerateRecoveryCodes: async ({ body, ctx }) => {
      const codes = await auth.secondFactor.regenerateRecoveryCodes(ctx, principal(ctx), body.code);
      return { status: 200, body: enrolled(principal(ctx), codes) };
    },
  };
}
