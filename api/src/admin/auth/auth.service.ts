import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import { clearWindow, hitWindow, peekWindow } from '../../limits/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface AdminPrincipal {
  username: string;
  expiresAt: Date;
}

const hashId = (id: string) => createHash('sha256').update(id).digest();

/** `__Host-` pins the cookie to this host and path over HTTPS; plain HTTP (local use) cannot carry it. */
export const cookieName = (ctx: Context) => (ctx.secure ? '__Host-sid' : 'sid');

export function createAuthService(db: Db, config: Config, log: Logger) {
  const accountKey = (username: string) => `login:user:${username.toLowerCase()}`;
  const addressKey = (ip: string) => `login:ip:${ip}`;

  async function assertNotThrottled(username: string, ip: string) {
    const [account, address] = await Promise.all([
      peekWindow(db, accountKey(username), THROTTLE_WINDOW_SECONDS),
      peekWindow(db, addressKey(ip), THROTTLE_WINDOW_SECONDS),
    ]);
    const blocked = [
      account.hits >= MAX_FAILURES_PER_ACCOUNT ? account : undefined,
      address.hits >= MAX_FAILURES_PER_ADDRESS ? address : undefined,
    ].filter((w) => w !== undefined);
    if (blocked.length > 0) {
      const wait = Math.max(...blocked.map((w) => w.retryAfterSeconds));
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw tooManyRequests(
        wait,
        `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  return {
    async login(ctx: Context, username: string, password: string): Promise<AdminPrincipal> {
      const ip = ctx.ip;
      await assertNotThrottled(username, ip);
      const admin = await repo.findAdmin(db, username);
      const ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
      if (!admin || !ok) {
        await Promise.all([
          hitWindow(db, accountKey(username), THROTTLE_WINDOW_SECONDS),
          hitWindow(db, addressKey(ip), THROTTLE_WINDOW_SECONDS),
        ]);
        log.warn({ requestId: ctx.state.requestId, username, ip }, 'admin login failed');
        throw unauthorized('Invalid username or password');
      }
      await clearWindow(db, accountKey(username));
      // A fresh id at every login: a planted or older cookie never becomes a live session.
      const previous = ctx.cookies.get(cookieName(ctx));
      if (previous) await repo.deleteSession(db, hashId(previous));
      const id = randomBytes(32).toString('base64url');
      const { expiresAt } = await repo.insertSession(db, hashId(id), admin.id, config.sessionAbsoluteHours);
      ctx.cookies.set(cookieName(ctx), id, {
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        path: '/',
        expires: expiresAt,
        overwrite: true,
      });
      log.info({ requestId: ctx.state.requestId, username: admin.username, ip }, 'admin logged in');
      return { username: admin.username, expiresAt };
    },

    async logout(ctx: Context): Promise<void> {
      const id = ctx.cookies.get(cookieName(ctx));
      if (id) {
        const session = await repo.touchSession(db, hashId(id), config.sessionIdleMinutes);
        await repo.deleteSession(db, hashId(id));
        log.info(
          { requestId: ctx.state.requestId, username: session?.username, ip: ctx.ip },
          'admin logged out',
        );
      }
      ctx.cookies.set(cookieName(ctx), '', {
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        path: '/',
        expires: new Date(0),
        overwrite: true,
      });
    },

    /** Every secured operation: a live session or 401. */
    async authenticate(ctx: Context): Promise<void> {
      const id = ctx.cookies.get(cookieName(ctx));
      const session = id ? await repo.touchSession(db, hashId(id), config.sessionIdleMinutes) : undefined;
      if (!session)
        throw unauthorized(id ? 'Your session has expired. Please log in again.' : 'Sign in to continue.');
      ctx.state.admin = session satisfies AdminPrincipal;
    },

    /**
     * State-changing admin requests must come from the site itself: the Origin (or Referer) must
     * name this host or an allowed origin. With SameSite=Strict cookies this closes CSRF twice over.
     */
    checkOrigin(ctx: Context): void {
      const source = ctx.get('Origin') || ctx.get('Referer');
      let host: string | undefined;
      let origin: string | undefined;
      try {
        const url = new URL(source);
        host = url.host;
        origin = url.origin;
      } catch {
        host = undefined;
      }
      if (host && (host === ctx.host || config.allowedOrigins.includes(origin!))) return;
      throw forbidden('This request must come from the admin dashboard.');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
