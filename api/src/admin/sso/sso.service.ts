import type { components } from '@lead-desk/contract';
import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import { isDatabaseUnavailable, type Db, type Queryable } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { seeOther } from '../../http/redirect.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import { requestSource, type AuditRecord } from '../../audit/audit.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { clearCookie, hashToken, newToken, readCookie, setCookie } from '../auth/cookies.ts';
import { securityEvent } from '../auth/throttle.ts';
import { lockInvitation, markAccepted } from '../team/invitations.repo.ts';
import { issuedInFuture, type SingleSignOnProvider } from './provider.ts';
import * as repo from './sso.repo.ts';

type S = components['schemas'];
export type Refusal = S['SingleSignOnRefusal'];

/** A sign-in gone to the provider must come back within this. */
const SIGN_IN_MINUTES = 10;
/** `amr` values that say the provider asked for a second factor (RFC 8176). */
const SECOND_FACTOR_AMR = ['mfa', 'otp', 'hwk'];

/** A sign-in through the provider that does not let the person in: the page's reason, and the audit log's. */
class Refused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
    readonly accountId?: number,
  ) {
    super(reason);
  }
}

/**
 * A desk address to open after signing in: on this site only, so a crafted link cannot send a
 * person elsewhere (the sign-in page checks its `redirect` the same way).
 */
export function deskAddress(value: string | undefined): string | null {
  if (!value || !/^\/admin(?:[/?#]|$)/.test(value) || value.startsWith('/admin/login')) return null;
  return value;
}

/**
 * Whether the provider vouches for the address: `email_verified` (OpenID Connect; some providers
 * send it as the string "true"), or Microsoft Entra ID's `xms_edov` (the address's domain is
 * verified by its owner), which Entra sends instead when asked (docs/operations.md#single-sign-on).
 * Entra's `email` alone is not proof: anyone can set it on an account of their own tenant.
 */
function addressVerified(claims: Record<string, unknown>): boolean {
  return [claims.email_verified, claims.xms_edov].some((v) => v === true || v === 'true');
}

/** A name for an account made by single sign-on: its address, in the letters usernames allow. */
const usernameFor = (email: string) =>
  email.replace(/[^a-z0-9._@-]/g, '-').replace(/^[^a-z0-9]+/, '') || 'sso';

/**
 * Single sign-on with the company's OpenID Connect provider (docs/operations.md#single-sign-on):
 * the authorization code flow with PKCE, `state` and `nonce` through openid-client, and who gets
 * in: the account linked to the provider's subject; else an account, or a pending team
 * invitation, with the verified address; else anyone with a verified address in
 * OIDC_ALLOWED_DOMAINS, as OIDC_DEFAULT_ROLE. Nobody else.
 */
export function createSingleSignOn(
  db: Db,
  config: Config,
  log: Logger,
  auth: AuthService,
  provider: SingleSignOnProvider | undefined,
) {
  const loginPage = (query: string) => `/admin/login?${query}`;
  const configured = () => {
    if (!provider) throw notFound('Single sign-on is not configured on this server (OIDC_ISSUER).');
    return provider;
  };

  /** Records an audit entry about the provider's sign-in, by the account it concerns or nobody yet. */
  const record = (q: Queryable, ctx: Context, actorId: number | null, entry: AuditRecord) =>
    insertAuditEntry(
      q,
      { ...requestSource(ctx), actor: actorId ? { kind: 'account', id: actorId } : { kind: 'anonymous' } },
      entry,
    );

  /** What the provider's answer failed: its own error, or a check of ours (state, iss, the ID token's). */
  function answerRefused(err: unknown, oidc: SingleSignOnProvider['oidc']): Refused {
    if (err instanceof oidc.AuthorizationResponseError)
      return new Refused(err.error === 'access_denied' ? 'cancelled' : 'failed', 'provider-error', {
        error: err.error,
        description: err.error_description?.slice(0, 200),
      });
    if (err instanceof oidc.ResponseBodyError)
      return new Refused('failed', 'token-refused', {
        error: err.error,
        description: err.error_description?.slice(0, 200),
      });
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('OAUTH_'))
      return new Refused('failed', 'answer-check-failed', {
        check: code,
        message: (err as Error).message.slice(0, 300),
      });
    // The provider could not be reached (a refused connection, a timeout).
    return new Refused('unavailable', 'provider-unreachable', {
      message: (err as Error).message.slice(0, 300),
    });
  }

  /**
   * The account the provider's person is, linking it on the first sign-in, or making it from a
   * pending invitation or an allowed domain; in one transaction, its audit entries with it.
   */
  function accountFor(ctx: Context, issuer: string, subject: string, email: unknown, verified: boolean) {
    return inTransaction(db, async (q) => {
      const linked = await repo.lockAccountBySubject(q, issuer, subject);
      if (linked) {
        if (!linked.active) throw new Refused('deactivated', 'deactivated', {}, linked.id);
        return { account: linked, first: false };
      }
      if (typeof email !== 'string' || email.trim() === '') throw new Refused('unverified-email', 'no-email');
      const address = email.trim().toLowerCase();
      if (!verified) throw new Refused('unverified-email', 'unverified-email', { email: address });
      const link = (id: number) =>
        record(q, ctx, id, {
          action: 'account.linked-to-provider',
          target: { type: 'account', id },
          details: { issuer, email: address },
        });

      const existing = await repo.lockAccountByEmail(q, address);
      if (existing) {
        // Linked to another person at this provider: a changed address there does not lead here.
        if (existing.issuer === issuer && existing.subject !== null)
          throw new Refused(
            'not-known',
            'address-linked-to-another-subject',
            { email: address },
            existing.id,
          );
        if (!existing.active)
          throw new Refused('deactivated', 'deactivated', { email: address }, existing.id);
        await repo.linkAccount(q, existing.id, issuer, subject);
        await link(existing.id);
        return { account: existing, first: true };
      }

      const invitation = await lockInvitation(q, { openFor: address });
      const role = invitation?.state === 'pending' ? invitation.role : undefined;
      const domain = address.slice(address.lastIndexOf('@') + 1);
      const allowed = config.oidc!.allowedDomains.includes(domain);
      if (!role && !allowed) throw new Refused('not-known', 'not-known', { email: address });
      const made = await repo.insertLinkedAccount(q, {
        name: usernameFor(address),
        email: address,
        role: role ?? config.oidc!.defaultRole,
        issuer,
        subject,
      });
      if (role) {
        await markAccepted(q, invitation!.id, made.id);
        await record(q, ctx, made.id, {
          action: 'team-invitation.accepted',
          target: { type: 'team-invitation', id: invitation!.id },
          changes: { role: { to: role } },
          details: { username: made.username, accountId: made.id, with: 'single-sign-on' },
        });
      } else {
        await record(q, ctx, made.id, {
          action: 'account.created',
          target: { type: 'account', id: made.id },
          changes: { role: { to: config.oidc!.defaultRole } },
          details: { username: made.username, with: 'single-sign-on', domain },
        });
      }
      await link(made.id);
      return { account: { ...made, enrolled: false }, first: true };
    });
  }

  return {
    options: (): S['SignInOptions'] => ({
      password: config.localLogin,
      singleSignOn: provider ? { displayName: provider.settings.displayName } : null,
    }),

    settings: (): S['SingleSignOnSettings'] => ({
      configured: Boolean(provider),
      issuer: provider?.settings.issuer ?? null,
      displayName: provider?.settings.displayName ?? null,
      redirectUri: provider?.settings.redirectUri ?? null,
      allowedDomains: provider?.settings.allowedDomains ?? [],
      defaultRole: config.oidc?.defaultRole ?? 'viewer',
      password: config.localLogin,
      secondFactor: config.adminMfa,
    }),

    /** Sends the browser to the provider, remembering what its answer must match. */
    async start(ctx: Context, redirect: string | undefined): Promise<void> {
      const { client, settings, oidc } = configured();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        redirect: deskAddress(redirect),
      };
      const cookie = newToken();
      let expires: Date;
      try {
        expires = await repo.insertPendingSignIn(db, cookie.hash, pending, SIGN_IN_MINUTES);
      } catch (err) {
        if (isDatabaseUnavailable(err)) return seeOther(ctx, loginPage('sso=unavailable'));
        throw err;
      }
      setCookie(ctx, 'sso', cookie.token, expires);
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      seeOther(ctx, url.href);
    },

    /** The provider's answer: into the desk, to the code step, or back to the sign-in page with the reason. */
    async finish(ctx: Context): Promise<void> {
      const { client, settings, oidc } = configured();
      const token = readCookie(ctx, 'sso');
      // No sign-in of this browser's: nothing to check or record (a bookmark, a made-up request).
      if (!token) return seeOther(ctx, loginPage('sso=expired'));
      clearCookie(ctx, 'sso');
      try {
        const pending = await repo.takePendingSignIn(db, hashToken(token));
        if (!pending) throw new Refused('expired', 'sign-in-expired');
        // The answer as the provider addressed it: the registered redirect URI and its parameters.
        const answer = new URL(`${settings.redirectUri}?${ctx.querystring}`);
        const tokens = await oidc
          .authorizationCodeGrant(client, answer, {
            pkceCodeVerifier: pending.codeVerifier,
            expectedState: pending.state,
            expectedNonce: pending.nonce,
            idTokenExpected: true,
          })
          .catch((err: unknown) => {
            throw answerRefused(err, oidc);
          });
        const claims = tokens.claims()!;
        if (issuedInFuture(claims))
          throw new Refused('failed', 'answer-check-failed', { check: 'iat-in-future', iat: claims.iat });
        let email = claims.email;
        let verified = addressVerified(claims);
        if (email === undefined && tokens.access_token) {
          // Some providers put the address in UserInfo only.
          const info = await oidc
            .fetchUserInfo(client, tokens.access_token, claims.sub)
            .catch((err: unknown) => {
              throw answerRefused(err, oidc);
            });
          email = info.email;
          verified = addressVerified(info);
        }
        // Two first sign-ins of one person at once (a double click) both find no account; the
        // second to insert meets a unique index, and on a second look finds the first one's.
        const { account, first } = await accountFor(ctx, settings.issuer, claims.sub, email, verified).catch(
          (err: unknown) => {
            if ((err as { code?: string }).code !== '23505') throw err;
            return accountFor(ctx, settings.issuer, claims.sub, email, verified);
          },
        );
        // The desk's own code when the ID token states no second factor: asked of every account
        // that set one up (as after a password), so linking by address cannot skip it, and under
        // ADMIN_MFA=required of everyone (docs/operations.md#single-sign-on).
        const amr = Array.isArray(claims.amr) ? claims.amr : [];
        const needsCode =
          config.adminMfa !== 'off' && !amr.some((m) => SECOND_FACTOR_AMR.includes(String(m)));
        const result = await auth.signInFromProvider(ctx, account, tokens.id_token!, needsCode, {
          issuer: settings.issuer,
          ...(first ? { firstLink: true } : {}),
        });
        if ('signedIn' in result) return seeOther(ctx, pending.redirect ?? '/admin');
        const next = pending.redirect ? `&redirect=${encodeURIComponent(pending.redirect)}` : '';
        return seeOther(ctx, loginPage(`sso=second-factor${next}`));
      } catch (err) {
        if (isDatabaseUnavailable(err)) return seeOther(ctx, loginPage('sso=unavailable'));
        if (!(err instanceof Refused)) throw err;
        securityEvent(log, ctx, 'sso.refused', { reason: err.reason, ...err.details });
        await record(db, ctx, null, {
          action: 'session.sign-in-failed',
          ...(err.accountId ? { target: { type: 'account', id: err.accountId } } : {}),
          details: { with: 'single-sign-on', issuer: settings.issuer, reason: err.reason, ...err.details },
        }).catch((auditErr: unknown) => {
          if (!isDatabaseUnavailable(auditErr)) throw auditErr;
        });
        return seeOther(ctx, loginPage(`sso=${err.refusal}`));
      }
    },

    /** Where the browser goes to end the provider's session too, for a session begun there. */
    signOutUrl(idToken: string | null): string | undefined {
      if (!provider?.signsOut || !idToken) return undefined;
      return provider.oidc.buildEndSessionUrl(provider.client, {
        id_token_hint: idToken,
        post_logout_redirect_uri: provider.settings.postLogoutRedirectUri,
      }).href;
    },
  };
}

export type SingleSignOn = ReturnType<typeof createSingleSignOn>;
