import type { Role } from '../../contract/load.ts';
import type { Db, Queryable } from '../../db/pool.ts';

/** What a sign-in sent to the provider must find in its answer. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirect: string | null;
}

/** Keeps a sign-in on its way to the provider for `minutes`; expired ones of anyone go. */
export async function insertPendingSignIn(
  db: Db,
  idHash: Buffer,
  p: PendingSignIn,
  minutes: number,
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `WITH old AS (DELETE FROM sso_sign_ins WHERE expires_at < now())
     INSERT INTO sso_sign_ins (id_hash, state, nonce, code_verifier, redirect, expires_at)
     VALUES ($1, $2, $3, $4, $5, clock_timestamp() + make_interval(mins => $6)) RETURNING expires_at`,
    [idHash, p.state, p.nonce, p.codeVerifier, p.redirect, minutes],
  );
  return rows[0]!.expires_at;
}

/** Takes the pending sign-in (once: it is deleted); undefined when there is none or it expired. */
export async function takePendingSignIn(db: Db, idHash: Buffer): Promise<PendingSignIn | undefined> {
  const { rows } = await db.query<{
    state: string;
    nonce: string;
    code_verifier: string;
    redirect: string | null;
    live: boolean;
  }>(
    `DELETE FROM sso_sign_ins WHERE id_hash = $1 RETURNING state, nonce, code_verifier, redirect,
       expires_at > now() AS live`,
    [idHash],
  );
  const row = rows[0];
  return row?.live
    ? { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier, redirect: row.redirect }
    : undefined;
}

/** An account as single sign-on sees it. */
export interface SsoAccount {
  id: number;
  username: string;
  role: Role;
  active: boolean;
  enrolled: boolean;
  /** The provider and subject it is linked to, or null before its first sign-in there. */
  issuer: string | null;
  subject: string | null;
}

const ACCOUNT = `SELECT id, username, role, deactivated_at IS NULL AS active, totp_secret IS NOT NULL AS enrolled,
       oidc_issuer AS issuer, oidc_subject AS subject FROM admin_users`;

/** The account linked to this subject of this issuer, locked for the transaction. */
export async function lockAccountBySubject(
  db: Queryable,
  issuer: string,
  subject: string,
): Promise<SsoAccount | undefined> {
  const { rows } = await db.query<SsoAccount>(
    `${ACCOUNT} WHERE oidc_issuer = $1 AND oidc_subject = $2 FOR UPDATE`,
    [issuer, subject],
  );
  return rows[0];
}

/** The account with this address (as stored: lower-cased), locked for the transaction. */
export async function lockAccountByEmail(db: Queryable, email: string): Promise<SsoAccount | undefined> {
  const { rows } = await db.query<SsoAccount>(`${ACCOUNT} WHERE email = $1 FOR UPDATE`, [email]);
  return rows[0];
}

/** Links the account to the provider's subject. */
export async function linkAccount(db: Queryable, id: number, issuer: string, subject: string): Promise<void> {
  await db.query(
    `UPDATE admin_users SET oidc_issuer = $2, oidc_subject = $3, updated_at = clock_timestamp() WHERE id = $1`,
    [id, issuer, subject],
  );
}

/**
 * A new account without a password, linked to the subject, named after its address (or the
 * address with a number when that name is taken); its id and name.
 */
export async function insertLinkedAccount(
  db: Queryable,
  v: { name: string; email: string; role: Role; issuer: string; subject: string },
): Promise<{ id: number; username: string }> {
  const { rows } = await db.query<{ id: number; username: string }>(
    `INSERT INTO admin_users (username, password_hash, role, email, oidc_issuer, oidc_subject)
     SELECT name, NULL, $2, $1, $3, $4
       FROM (SELECT CASE WHEN n = 0 THEN left($5, 100) ELSE left($5, 95) || '-' || n END AS name, n
               FROM generate_series(0, 999) AS n) names
      WHERE NOT EXISTS (SELECT 1 FROM admin_users u WHERE u.username = names.name)
      ORDER BY n LIMIT 1
     RETURNING id, username`,
    [v.email, v.role, v.issuer, v.subject, v.name],
  );
  return rows[0]!;
}
