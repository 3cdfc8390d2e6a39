import type { Role } from '../../contract/load.ts';
import type { Db, Queryable } from '../../db/pool.ts';
import type { AdminPrincipal } from '../../http/principal.ts';

export interface AdminUser {
  id: number;
  username: string;
  /** null: the account was made by single sign-on and has no password (docs/operations.md#single-sign-on). */
  passwordHash: string | null;
  role: Role;
  /** Has a confirmed second factor. */
  enrolled: boolean;
  /** Deactivated accounts cannot sign in (docs/operations.md#deactivation). */
  active: boolean;
}

/** By the username's one spelling (normaliseUsername); stored names are in it already. */
export async function findAdmin(db: Db, username: string): Promise<AdminUser | undefined> {
  const { rows } = await db.query<{
    id: number;
    username: string;
    password_hash: string | null;
    role: Role;
    enrolled: boolean;
    active: boolean;
  }>(
    `SELECT id, username, password_hash, role, totp_secret IS NOT NULL AS enrolled, deactivated_at IS NULL AS active
       FROM admin_users WHERE username = $1`,
    [username],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      username: row.username,
      passwordHash: row.password_hash,
      role: row.role,
      enrolled: row.enrolled,
      active: row.active,
    }
  );
}

export async function countAdmins(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_users');
  return rows[0]!.n;
}

/**
 * Creates the account unless one with that name exists; its id when it was created. Without a
 * role it becomes the owner when there is none yet, an admin otherwise (docs/operations.md#roles).
 */
export async function insertAdmin(
  db: Queryable,
  username: string,
  passwordHash: string,
  role?: Role,
): Promise<{ id: number; role: Role } | undefined> {
  const { rows } = await db.query<{ id: number; role: Role }>(
    `INSERT INTO admin_users (username, password_hash, role)
     VALUES ($1, $2, coalesce($3,
       CASE WHEN EXISTS (SELECT 1 FROM admin_users WHERE role = 'owner') THEN 'admin' ELSE 'owner' END))
     ON CONFLICT (username) DO NOTHING RETURNING id, role`,
    [username, passwordHash, role ?? null],
  );
  return rows[0];
}

/**
 * Sets a new password and ends every session, pending sign-in and known device of that account
 * (a reset may follow a leak); the account's id, or undefined when there is no such account.
 */
export async function updatePassword(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (
       UPDATE admin_users SET password_hash = $2, updated_at = clock_timestamp() WHERE username = $1 RETURNING id
     ),
     s AS (DELETE FROM admin_sessions WHERE admin_id IN (SELECT id FROM u)),
     c AS (DELETE FROM admin_login_challenges WHERE admin_id IN (SELECT id FROM u)),
     d AS (DELETE FROM admin_devices WHERE admin_id IN (SELECT id FROM u))
     SELECT id FROM u`,
    [username, passwordHash],
  );
  return rows[0]?.id;
}

/** Sets the account's address and forgets its link to the identity provider; its id, or undefined. */
export async function updateEmail(
  db: Queryable,
  username: string,
  email: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE admin_users SET email = $2, oidc_issuer = NULL, oidc_subject = NULL, updated_at = clock_timestamp()
      WHERE username = $1 RETURNING id`,
    [username, email],
  );
  return rows[0]?.id;
}

/** Forgets the account's second factor and recovery codes and ends its sessions; the account's id, or undefined when there is none. */
export async function resetSecondFactor(db: Queryable, username: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (
       UPDATE admin_users
          SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL,
              totp_pending_secret = NULL, totp_pending_at = NULL, updated_at = clock_timestamp()
        WHERE username = $1 RETURNING id
     ),
     r AS (DELETE FROM admin_recovery_codes WHERE admin_id IN (SELECT id FROM u)),
     s AS (DELETE FROM admin_sessions WHERE admin_id IN (SELECT id FROM u)),
     c AS (DELETE FROM admin_login_challenges WHERE admin_id IN (SELECT id FROM u))
     SELECT id FROM u`,
    [username],
  );
  return rows[0]?.id;
}

/** How a session began; one begun at the identity provider keeps its ID token for the sign-out. */
export interface SignedInWith {
  signedInWith: AdminPrincipal['signedInWith'];
  idToken: string | null;
}

export async function insertSession(
  db: Queryable,
  idHash: Buffer,
  adminId: number,
  absoluteHours: number,
  how: SignedInWith,
): Promise<{ expiresAt: Date }> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO admin_sessions (id_hash, admin_id, expires_at, signed_in_with, id_token)
     VALUES ($1, $2, clock_timestamp() + make_interval(hours => $3), $4, $5)
     RETURNING expires_at`,
    [idHash, adminId, absoluteHours, how.signedInWith, how.idToken],
  );
  // Expired sessions and sign-ins of anyone are swept at each login, so the tables stay small.
  await db.query(
    `WITH s AS (DELETE FROM admin_sessions WHERE expires_at < now() OR last_seen_at < now() - interval '1 day')
     DELETE FROM admin_login_challenges WHERE expires_at < now()`,
  );
  return { expiresAt: rows[0]!.expires_at };
}

export interface SessionRow {
  adminId: number;
  username: string;
  role: Role;
  expiresAt: Date;
  enrolled: boolean;
  recoveryCodesLeft: number;
  signedInWith: SignedInWith['signedInWith'];
  /** When the session began. */
  createdAt: Date;
  hasPassword: boolean;
}

/** Finds a live session and slides its idle expiry, in one statement. */
export async function touchSession(
  db: Db,
  idHash: Buffer,
  idleMinutes: number,
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<{
    admin_id: number;
    username: string;
    role: Role;
    expires_at: Date;
    enrolled: boolean;
    codes_left: number;
    signed_in_with: SignedInWith['signedInWith'];
    created_at: Date;
    has_password: boolean;
  }>(
    `UPDATE admin_sessions s SET last_seen_at = clock_timestamp()
       FROM admin_users u
      WHERE s.id_hash = $1 AND u.id = s.admin_id AND u.deactivated_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2)
     RETURNING u.id AS admin_id, u.username, u.role, s.expires_at, u.totp_secret IS NOT NULL AS enrolled,
       s.signed_in_with, s.created_at, u.password_hash IS NOT NULL AS has_password,
       (SELECT count(*)::int FROM admin_recovery_codes r WHERE r.admin_id = u.id AND r.used_at IS NULL) AS codes_left`,
    [idHash, idleMinutes],
  );
  const row = rows[0];
  return (
    row && {
      adminId: row.admin_id,
      username: row.username,
      role: row.role,
      expiresAt: row.expires_at,
      enrolled: row.enrolled,
      recoveryCodesLeft: row.codes_left,
      signedInWith: row.signed_in_with,
      createdAt: row.created_at,
      hasPassword: row.has_password,
    }
  );
}

/** Ends the session; its account and the ID token it began with, when there was one. */
export async function deleteSession(
  db: Queryable,
  idHash: Buffer,
): Promise<{ adminId: number; idToken: string | null } | undefined> {
  const { rows } = await db.query<{ admin_id: number; id_token: string | null }>(
    'DELETE FROM admin_sessions WHERE id_hash = $1 RETURNING admin_id, id_token',
    [idHash],
  );
  return rows[0] && { adminId: rows[0].admin_id, idToken: rows[0].id_token };
}

/** Ends every other session of an account (its second factor changed). */
export async function deleteOtherSessions(db: Db, adminId: number, keep: Buffer): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE admin_id = $1 AND id_hash <> $2', [adminId, keep]);
}

/** Remembers a device that signed in; devices unused for 180 days are forgotten. */
export async function insertDevice(db: Db, tokenHash: Buffer, adminId: number): Promise<void> {
  await db.query(
    `WITH old AS (DELETE FROM admin_devices WHERE last_used_at < now() - interval '180 days')
     INSERT INTO admin_devices (token_hash, admin_id) VALUES ($1, $2)`,
    [tokenHash, adminId],
  );
}

/** A known device: its id and the account it signed in to. */
export async function findDevice(
  db: Db,
  tokenHash: Buffer,
): Promise<{ id: number; username: string } | undefined> {
  const { rows } = await db.query<{ id: number; username: string }>(
    `UPDATE admin_devices d SET last_used_at = clock_timestamp() FROM admin_users u
      WHERE d.token_hash = $1 AND u.id = d.admin_id AND d.last_used_at > now() - interval '180 days'
     RETURNING d.id, u.username`,
    [tokenHash],
  );
  return rows[0];
}

export async function insertChallenge(
  db: Db,
  idHash: Buffer,
  adminId: number,
  minutes: number,
  how: SignedInWith,
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO admin_login_challenges (id_hash, admin_id, expires_at, signed_in_with, id_token)
     VALUES ($1, $2, clock_timestamp() + make_interval(mins => $3), $4, $5) RETURNING expires_at`,
    [idHash, adminId, minutes, how.signedInWith, how.idToken],
  );
  return rows[0]!.expires_at;
}

/** Counts one code attempt on a live challenge; undefined when it has expired or used its attempts. */
export async function attemptChallenge(
  db: Db,
  idHash: Buffer,
  maxAttempts: number,
): Promise<({ adminId: number; username: string } & SignedInWith) | undefined> {
  const { rows } = await db.query<{
    admin_id: number;
    username: string;
    signed_in_with: SignedInWith['signedInWith'];
    id_token: string | null;
  }>(
    `UPDATE admin_login_challenges c SET attempts = c.attempts + 1 FROM admin_users u
      WHERE c.id_hash = $1 AND u.id = c.admin_id AND u.deactivated_at IS NULL AND c.expires_at > now() AND c.attempts < $2
     RETURNING c.admin_id, u.username, c.signed_in_with, c.id_token`,
    [idHash, maxAttempts],
  );
  const row = rows[0];
  return (
    row && {
      adminId: row.admin_id,
      username: row.username,
      signedInWith: row.signed_in_with,
      idToken: row.id_token,
    }
  );
}

export async function deleteChallenge(db: Db, idHash: Buffer): Promise<void> {
  await db.query('DELETE FROM admin_login_challenges WHERE id_hash = $1', [idHash]);
}
