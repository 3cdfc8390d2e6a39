import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import { requestSource } from '../../audit/audit.ts';
import type { Db, Queryable } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import type { AdminPrincipal } from '../../http/principal.ts';
import * as repo from './auth.repo.ts';
import { hashToken, readCookie } from './cookies.ts';
import { HasherBusyError } from './hasher.ts';
import { verifyPassword } from './password.ts';
import * as store from './second-factor.repo.ts';
import type { Attempt, Throttle } from './throttle.ts';
import { securityEvent } from './throttle.ts';
import * as totp from './totp.ts';

/** An enrolment not confirmed within this time lapses (see second-factor.repo.ts). */
const ENROLMENT_MINUTES = 15;
/** How recent a sign-in at the identity provider stands in for the password of an account without one. */
const FRESH_SIGN_IN_MS = 15 * 60_000;

/**
 * Admins' second factor (docs/operations.md#second-factor): enrolment with an authenticator app,
 * single-use TOTP codes and recovery codes. Every code attempt is throttled like a password.
 */
export function createSecondFactor(db: Db, config: Config, log: Logger, throttle: Throttle) {
  function key(): Buffer {
    if (!config.adminMfaKey) throw new Error('No key for second-factor secrets (ADMIN_MFA_KEY)');
    return config.adminMfaKey;
  }
  function requireEnabled() {
    if (config.adminMfa === 'off')
      throw notFound('Two-step sign-in is turned off on this server (ADMIN_MFA=off).');
  }
  const wrongCode = () =>
    badRequest('That code is not right.', [
      { path: '/code', message: 'That code is not right. Check the time on your device and try again.' },
    ]);

  /** Counts a code attempt by a signed-in admin: per device when this device signed in to the account. */
  async function countCodeAttempt(ctx: Context, admin: AdminPrincipal, typed?: Attempt['typed']) {
    const token = readCookie(ctx, 'device');
    const device = token ? await repo.findDevice(db, hashToken(token)) : undefined;
    const deviceId = device?.username === admin.username ? device.id : undefined;
    return throttle.count(ctx, { kind: 'code', username: admin.username, deviceId, typed });
  }

  /** A TOTP code (each accepted once) of an enrolled account. */
  async function checkTotp(adminId: number, code: string): Promise<boolean> {
    const row = await store.findTotp(db, adminId);
    if (!row.secret) return false;
    const step = await totp.verifyCode(
      totp.openSecret(key(), adminId, row.secret),
      code.replace(/\s/g, ''),
      row.lastStep,
    );
    // The step is claimed in the database, so two requests racing with one code cannot both pass.
    return step !== undefined && (await store.useStep(db, adminId, step));
  }

  /** Which kind of code signed in, or undefined when the code is wrong, used or not the account's. */
  async function check(adminId: number, code: string): Promise<'totp' | 'recovery-code' | undefined> {
    if (totp.isTotpCode(code)) return (await checkTotp(adminId, code)) ? 'totp' : undefined;
    return (await store.useRecoveryCode(db, adminId, totp.hashRecoveryCode(code)))
      ? 'recovery-code'
      : undefined;
  }

  async function newCodes(adminId: number) {
    const codes = totp.newRecoveryCodes();
    return { codes, hashes: codes.map(totp.hashRecoveryCode), adminId };
  }

  return {
    check,

    /**
     * A new secret for the signed-in admin, as a QR code and as text. It always needs the password
     * again, so a stolen session cannot bind the thief's app; replacing a confirmed second factor
     * also needs a current code or a recovery code, so the password alone cannot swap it
     * (docs/operations.md#second-factor). One attempt counts once, like a code.
     */
    async startEnrolment(ctx: Context, admin: AdminPrincipal, input: { password?: string; code?: string }) {
      requireEnabled();
      const { enrolled } = admin.secondFactor;
      const stored = await repo.findAdmin(db, admin.username);
      // An account without a password proves itself by a fresh sign-in at the identity provider
      // instead (docs/operations.md#single-sign-on).
      if (stored && stored.passwordHash === null) {
        const fresh =
          admin.signedInWith === 'single-sign-on' &&
          Date.now() - admin.signedInAt.getTime() < FRESH_SIGN_IN_MS;
        if (!fresh)
          throw forbidden(
            'Sign out and sign in again with your identity provider, then set up two-step sign-in within 15 minutes.',
          );
      } else if (!input.password)
        throw badRequest('Password is required', [{ path: '/password', message: 'Password is required' }]);
      if (enrolled && !input.code)
        throw badRequest('Enter a code from your authenticator app, or a recovery code.', [
          {
            path: '/code',
            message: 'Enter the 6-digit code from your authenticator app, or a recovery code',
          },
        ]);
      const withPassword = stored?.passwordHash !== null;
      const counted = await countCodeAttempt(
        ctx,
        admin,
        withPassword ? (enrolled ? 'password or code' : 'password') : undefined,
      );
      let ok: boolean;
      try {
        ok =
          Boolean(stored) &&
          (stored!.passwordHash === null ||
            (await verifyPassword(input.password!, stored!.passwordHash, 'known-device')));
      } catch (err) {
        if (err instanceof HasherBusyError) await throttle.refund(counted);
        throw err;
      }
      if (!ok) {
        securityEvent(log, ctx, 'enrolment.refused', { username: admin.username, reason: 'wrong-password' });
        throw badRequest('The password is not right.', [{ path: '/password', message: 'Invalid password' }]);
      }
      if (enrolled && !(await check(admin.adminId, input.code!))) {
        securityEvent(log, ctx, 'enrolment.refused', { username: admin.username, reason: 'wrong-code' });
        throw wrongCode();
      }
      await throttle.refund(counted);
      const secret = await totp.newSecret();
      await store.setPendingSecret(db, admin.adminId, totp.sealSecret(key(), admin.adminId, secret));
      return {
        ...(await totp.enrolmentOf(secret, admin.username)),
        expiresAt: new Date(Date.now() + ENROLMENT_MINUTES * 60_000).toISOString(),
      };
    },

    /** The first code from the app confirms the enrolment; the recovery codes are shown this once. */
    async confirmEnrolment(ctx: Context, admin: AdminPrincipal, code: string) {
      requireEnabled();
      const { pendingSecret } = await store.findTotp(db, admin.adminId);
      if (!pendingSecret) throw badRequest('There is no enrolment to confirm. Please start again.');
      const counted = await countCodeAttempt(ctx, admin);
      const secret = totp.openSecret(key(), admin.adminId, pendingSecret);
      const step = totp.isTotpCode(code)
        ? await totp.verifyCode(secret, code.replace(/\s/g, ''), null)
        : undefined;
      if (step === undefined) {
        securityEvent(log, ctx, 'enrolment.refused', { username: admin.username, reason: 'wrong-code' });
        throw wrongCode();
      }
      const { codes, hashes } = await newCodes(admin.adminId);
      const enrolled = (client: Queryable) =>
        insertAuditEntry(client, requestSource(ctx, admin), {
          action: 'second-factor.enrolled',
          target: { type: 'account', id: admin.adminId },
          changes: { secondFactor: {} },
        });
      if (!(await store.activatePending(db, admin.adminId, pendingSecret, step, hashes, enrolled)))
        throw badRequest('The enrolment changed meanwhile. Please start again.');
      await throttle.refund(counted);
      // Sessions that began before this factor existed end; this one goes on.
      await repo.deleteOtherSessions(db, admin.adminId, admin.sessionHash);
      securityEvent(log, ctx, 'enrolment.confirmed', { username: admin.username });
      return codes;
    },

    /** New recovery codes (the old ones stop working), against a current code from the app. */
    async regenerateRecoveryCodes(ctx: Context, admin: AdminPrincipal, code: string) {
      requireEnabled();
      if (!admin.secondFactor.enrolled) throw badRequest('Set up two-step sign-in first.');
      const counted = await countCodeAttempt(ctx, admin);
      if (!totp.isTotpCode(code) || !(await checkTotp(admin.adminId, code))) {
        securityEvent(log, ctx, 'code.refused', { username: admin.username, purpose: 'recovery-codes' });
        throw wrongCode();
      }
      await throttle.refund(counted);
      const { codes, hashes } = await newCodes(admin.adminId);
      await inTransaction(db, async (client) => {
        await store.replaceRecoveryCodes(client, admin.adminId, hashes);
        await insertAuditEntry(client, requestSource(ctx, admin), {
          action: 'second-factor.recovery-codes-renewed',
          target: { type: 'account', id: admin.adminId },
          changes: { recoveryCodes: {} },
        });
      });
      securityEvent(log, ctx, 'recovery-codes.replaced', { username: admin.username });
      return codes;
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
