import type { Db } from '../../db/pool.ts';

export interface AdminUser {
  id: number;
  username: string;
  passwordHash: string;
}

export async function findAdmin(db: Db, username: string): Promise<AdminUser | undefined> {
  const { rows } = await db.query<{ id: number; username: string; password_hash: string }>(
    'SELECT id, username, password_hash FROM admin_users WHERE lower(username) = lower($1)',
    [username],
  );
  const row = rows[0];
  return row && { id: row.id, username: row.username, passwordHash: row.password_hash };
}

export async function countAdmins(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_users');
  return rows[0]!.n;
}

/** Creates the account unless one with that name exists; true when it was created. */
export async function insertAdmin(db: Db, username: string, passwordHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO admin_users (username, password_hash) VALUES ($1, $2) ON CONFLICT (username) DO NOTHING',
    [username, passwordHash],
  );
  return rowCount === 1;
}

/** Sets a new password and ends every session of that account; false when there is no such account. */
export async function updatePassword(db: Db, username: string, passwordHash: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE admin_users SET password_hash = $2, updated_at = clock_timestamp() WHERE lower(username) = lower($1) RETURNING id`,
    [username, passwordHash],
  );
  if (!rows[0]) return false;
  await db.query('DELETE FROM admin_sessions WHERE admin_id = $1', [rows[0].id]);
  return true;
}

export async function insertSession(
  db: Db,
  idHash: Buffer,
  adminId: number,
  absoluteHours: number,
): Promise<{ expiresAt: Date }> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO admin_sessions (id_hash, admin_id, expires_at)
     VALUES ($1, $2, clock_timestamp() + make_interval(hours => $3))
     RETURNING expires_at`,
    [idHash, adminId, absoluteHours],
  );
  // Expired sessions of anyone are swept at each login, so the table stays small.
  await db.query(
    "DELETE FROM admin_sessions WHERE expires_at < now() OR last_seen_at < now() - interval '1 day'",
  );
  return { expiresAt: rows[0]!.expires_at };
}

/** Finds a live session and slides its idle expiry, in one statement. */
export async function touchSession(
  db: Db,
  idHash: Buffer,
  idleMinutes: number,
): Promise<{ username: string; expiresAt: Date } | undefined> {
  const { rows } = await db.query<{ username: string; expires_at: Date }>(
    `UPDATE admin_sessions s SET last_seen_at = clock_timestamp()
       FROM admin_users u
      WHERE s.id_hash = $1 AND u.id = s.admin_id
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2)
     RETURNING u.username, s.expires_at`,
    [idHash, idleMinutes],
  );
  const row = rows[0];
  return row && { username: row.username, expiresAt: row.expires_at };
}

export async function deleteSession(db: Db, idHash: Buffer): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE id_hash = $1', [idHash]);
}
