import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import type { Operation } from '../../contract/load.ts';
import type { Db } from '../../db/pool.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import { requestSource, type AuditRecord } from '../../audit/audit.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AdminPrincipal, SecondFactorStatus } from '../../http/principal.ts';
import * as repo from './auth.repo.ts';
import { clearCookie, hashToken, newToken, readCookie, setCookie } from './cookies.ts';
import { normaliseUsername } from './credential-rules.ts';
import { HasherBusyError, passwordHasher, type Lane } from './hasher.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { createSecondFactor } from './second-factor.service.ts';
import { createThrottle, refusalPause, securityEvent } from './throttle.ts';

export type LoginResult =
  | { signedIn: AdminPrincipal }
  | { secondFactorRequired: { methods: ('totp' | 'recovery-code')[]; expiresAt: Date } };

/** A sign-in waiting for its code lasts this long and allows this many tries. */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_ATTEMPTS = 5;
const DEVICE_DAYS = 180;

export { cookieName } from './cookies.ts';

/** A session's way in, as the audit log records it. */
type Way = 'password' | 'totp' | 'recovery-code' | 'invitation' | 'single-sign-on';
const PASSWORD: repo.SignedInWith = { signedInWith: 'password', idToken: null };

/** Why a password is refused under LOCAL_LOGIN, and the way in instead. */
function passwordSignInOff(config: Config): string {
  const instead = config.oidc ? ` Sign in with ${config.oidc.displayName}.` : '';
  return config.localLogin === 'owner'
    ? `Password sign-in is for the owner of the desk only.${instead}`
    : `Password sign-in is turned off on this server.${instead}`;
}

export function createAuthService(db: Db, config: Config, log: Logger) {
  const throttle = createThrottle(db, log);
  const secondFactor = createSecondFactor(db, config, log, throttle);

  const statusOf = (row: repo.SessionRow): SecondFactorStatus => ({
    policy: config.adminMfa,
    enrolled: row.enrolled,
    mustEnrol: config.adminMfa === 'required' && !row.enrolled,
    recoveryCodesLeft: row.recoveryCodesLeft,
  });
  const principalOf = (row: repo.SessionRow, sessionHash: Buffer): AdminPrincipal => ({
    adminId: row.adminId,
    username: row.username,
    role: row.role,
    expiresAt: row.expiresAt,
    secondFactor: statusOf(row),
    sessionHash,
    signedInWith: row.signedInWith,
    signedInAt: row.createdAt,
    hasPassword: row.hasPassword,
  });

  /** The device cookie's device, when it has signed in to this account before. */
  async function knownDevice(ctx: Context, username: string) {
    const token = readCookie(ctx, 'device');
    const device = token ? await repo.findDevice(db, hashToken(token)) : undefined;
    return device && device.username === username ? device : undefined;
  }

  /** An audit entry of a sign-in step, by whoever tried (docs/operations.md#audit-log). */
  const record = (ctx: Context, actorId: number | undefined, entry: AuditRecord) =>
    insertAuditEntry(
      db,
      { ...requestSource(ctx), actor: actorId ? { kind: 'account', id: actorId } : { kind: 'anonymous' } },
      entry,
    );

  /** A sign-in that waits for the desk's own code: the `signin` cookie names it for 5 minutes. */
  async function askForCode(ctx: Context, adminId: number, username: string, began: repo.SignedInWith) {
    const challenge = newToken();
    const expiresAt = await repo.insertChallenge(db, challenge.hash, adminId, CHALLENGE_MINUTES, began);
    setCookie(ctx, 'signin', challenge.token, expiresAt);
    securityEvent(log, ctx, 'login.second-factor-required', { username });
    return expiresAt;
  }

  async function startSession(
    ctx: Context,
    adminId: number,
    deviceKnown: boolean,
    how: Way,
    began: repo.SignedInWith = PASSWORD,
    details: Record<string, unknown> = {},
  ): Promise<AdminPrincipal> {
    // A fresh id at every login: a planted or older cookie never becomes a live session.
    const previous = readCookie(ctx, 'sid');
    if (previous) await repo.deleteSession(db, hashToken(previous));
    const session = newToken();
    const source = { ...requestSource(ctx), actor: { kind: 'account', id: adminId } } as const;
    const { expiresAt } = await inTransaction(db, async (client) => {
      const started = await repo.insertSession(
        client,
        session.hash,
        adminId,
        config.sessionAbsoluteHours,
        began,
      );
      await insertAuditEntry(client, source, {
        action: 'session.signed-in',
        target: { type: 'account', id: adminId },
        details: {
          with: how,
          knownDevice: deviceKnown,
          ...(began.signedInWith === 'single-sign-on' && how !== 'single-sign-on'
            ? { after: 'single-sign-on' }
            : {}),
          ...details,
        },
      });
      return started;
    });
    setCookie(ctx, 'sid', session.token, expiresAt);
    if (!deviceKnown) {
      const device = newToken();
      await repo.insertDevice(db, device.hash, adminId);
      setCookie(ctx, 'device', device.token, new Date(Date.now() + DEVICE_DAYS * 86_400_000));
    }
    const row = await repo.touchSession(db, session.hash, config.sessionIdleMinutes);
    securityEvent(log, ctx, 'login.succeeded', { username: row!.username, knownDevice: deviceKnown });
    return principalOf(row!, session.hash);
  }

  return {
    async login(ctx: Context, rawUsername: string, password: string): Promise<LoginResult> {
      const username = normaliseUsername(rawUsername);
      const device = await knownDevice(ctx, username);
      const lane: Lane = device ? 'known-device' : 'other';
      // Refused before anything is counted or read when the hashing queue is full: a flood costs
      // no database round trip (it is refused again below if the queue fills meanwhile).
      if (!passwordHasher.hasRoom(lane)) {
        securityEvent(log, ctx, 'login.throttled', { username, limit: ['busy'] });
        await refusalPause();
        throw new HasherBusyError();
      }
      const counted = await throttle.count(ctx, { kind: 'login', username, deviceId: device?.id });
      const admin = await repo.findAdmin(db, username);
      let ok: boolean;
      try {
        ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH, lane);
      } catch (err) {
        if (err instanceof HasherBusyError) {
          await throttle.refund(counted); // not checked, so not counted
          securityEvent(log, ctx, 'login.throttled', { username, limit: ['busy'] });
          await refusalPause();
        }
        throw err;
      }
      if (!admin || !ok) {
        const reason = admin ? 'wrong-password' : 'unknown-user';
        securityEvent(log, ctx, 'login.refused', { username, knownDevice: Boolean(device), reason });
        await record(ctx, undefined, {
          action: 'session.sign-in-failed',
          target: admin ? { type: 'account', id: admin.id } : undefined,
          details: { username, reason },
        });
        throw unauthorized('Invalid username or password');
      }
      await throttle.refund(counted);
      /** A right password that still does not sign in: recorded, then refused with `error`. */
      const refuse = async (reason: string, error: Error) => {
        securityEvent(log, ctx, 'login.refused', { username, knownDevice: Boolean(device), reason });
        await record(ctx, undefined, {
          action: 'session.sign-in-failed',
          target: { type: 'account', id: admin.id },
          details: { username, reason },
        });
        throw error;
      };
      // Both said only to whoever knows the password: LOCAL_LOGIN (docs/operations.md#single-sign-on)
      // and deactivation (docs/operations.md#deactivation).
      if (config.localLogin === 'off' || (config.localLogin === 'owner' && admin.role !== 'owner'))
        await refuse('password-sign-in-off', forbidden(passwordSignInOff(config)));
      if (!admin.active)
        await refuse(
          'deactivated',
          unauthorized('This account has been deactivated. Ask an admin of the team to reactivate it.'),
        );
      if (config.adminMfa !== 'off' && admin.enrolled) {
        const expiresAt = await askForCode(ctx, admin.id, username, PASSWORD);
        return { secondFactorRequired: { methods: ['totp', 'recovery-code'], expiresAt } };
      }
      return { signedIn: await startSession(ctx, admin.id, Boolean(device), 'password') };
    },

    /** The second step of a sign-in: a code for the password checked by login. */
    async verifySecondFactor(ctx: Context, code: string): Promise<AdminPrincipal> {
      const token = readCookie(ctx, 'signin');
      const challenge = token
        ? await repo.attemptChallenge(db, hashToken(token), CHALLENGE_ATTEMPTS)
        : undefined;
      if (!challenge) {
        clearCookie(ctx, 'signin');
        throw unauthorized('Your sign-in has expired. Please log in again.');
      }
      const device = await knownDevice(ctx, challenge.username);
      const username = challenge.username;
      const counted = await throttle.count(ctx, { kind: 'code', username, deviceId: device?.id });
      const used = await secondFactor.check(challenge.adminId, code);
      if (!used) {
        securityEvent(log, ctx, 'code.refused', { username, knownDevice: Boolean(device) });
        await record(ctx, undefined, {
          action: 'session.sign-in-failed',
          target: { type: 'account', id: challenge.adminId },
          details: { username, reason: 'wrong-code' },
        });
        throw unauthorized('Invalid code');
      }
      if (used === 'recovery-code') {
        securityEvent(log, ctx, 'code.recovery-code-used', { username });
        await record(ctx, challenge.adminId, {
          action: 'second-factor.recovery-code-used',
          target: { type: 'account', id: challenge.adminId },
          changes: { recoveryCodes: {} },
        });
      }
      await throttle.refund(counted);
      await repo.deleteChallenge(db, hashToken(token!));
      clearCookie(ctx, 'signin');
      return startSession(ctx, challenge.adminId, Boolean(device), used, challenge);
    },

    /** Ends the session; the ID token it began with at the identity provider, when it did. */
    async logout(ctx: Context): Promise<{ idToken: string | null }> {
      const id = readCookie(ctx, 'sid');
      let idToken: string | null = null;
      if (id) {
        const session = await repo.touchSession(db, hashToken(id), config.sessionIdleMinutes);
        await inTransaction(db, async (client) => {
          const ended = await repo.deleteSession(client, hashToken(id));
          // Only a live session's: an expired one's provider session is the provider's business.
          if (session && ended) idToken = ended.idToken;
          if (session)
            await insertAuditEntry(
              client,
              { ...requestSource(ctx), actor: { kind: 'account', id: session.adminId } },
              { action: 'session.signed-out', target: { type: 'account', id: session.adminId } },
            );
        });
        log.info(
          { requestId: ctx.state.requestId, username: session?.username, ip: ctx.ip },
          'admin logged out',
        );
      }
      clearCookie(ctx, 'sid');
      return { idToken };
    },

    /**
     * Every secured operation: a live session or 401. Under ADMIN_MFA=required an admin without
     * a second factor gets 403 everywhere but the operations the contract marks
     * `x-allowed-before-enrolment` (docs/operations.md#second-factor).
     */
    async authenticate(ctx: Context, op: Operation): Promise<void> {
      const id = readCookie(ctx, 'sid');
      const row = id ? await repo.touchSession(db, hashToken(id), config.sessionIdleMinutes) : undefined;
      if (!row)
        throw unauthorized(id ? 'Your session has expired. Please log in again.' : 'Sign in to continue.');
      const principal = principalOf(row, hashToken(id!));
      ctx.state.admin = principal;
      if (principal.secondFactor.mustEnrol && !op.allowedBeforeEnrolment) {
        throw forbidden('Set up two-step sign-in (an authenticator app) before using the desk.');
      }
    },

    /** A session for an account that just proved itself another way (a team invitation). */
    startSessionFor: (ctx: Context, adminId: number) => startSession(ctx, adminId, false, 'invitation'),

    /**
     * An account the identity provider vouched for: a session, or, when the desk's own code is
     * still needed (docs/operations.md#single-sign-on), the pending sign-in the code step finishes.
     */
    async signInFromProvider(
      ctx: Context,
      account: { id: number; username: string; enrolled: boolean },
      idToken: string,
      needsCode: boolean,
      details: Record<string, unknown>,
    ): Promise<LoginResult> {
      const began: repo.SignedInWith = { signedInWith: 'single-sign-on', idToken };
      if (needsCode && account.enrolled) {
        const expiresAt = await askForCode(ctx, account.id, account.username, began);
        return { secondFactorRequired: { methods: ['totp', 'recovery-code'], expiresAt } };
      }
      const device = await knownDevice(ctx, account.username);
      return {
        signedIn: await startSession(ctx, account.id, Boolean(device), 'single-sign-on', began, details),
      };
    },

    secondFactor,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
