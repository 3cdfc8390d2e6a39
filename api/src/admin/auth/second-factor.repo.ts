import type { Db, Queryable } from '../../db/pool.ts';

export interface TotpRow {
  /** Encrypted (totp-crypto.ts); null when not enrolled. */
  secret: Buffer | null;
  lastStep: number | null;
  /** An enrolment waiting for its first code, while less than 15 minutes old. */
  pendingSecret: Buffer | null;
}

export async function findTotp(db: Db, adminId: number): Promise<TotpRow> {
  const { rows } = await db.query<{
    secret: Buffer | null;
    last_step: number | null;
    pending: Buffer | null;
  }>(
    `SELECT totp_secret AS secret, totp_last_step AS last_step,
            CASE WHEN totp_pending_at > now() - interval '15 minutes' THEN totp_pending_secret END AS pending
       FROM admin_users WHERE id = $1`,
    [adminId],
  );
  const row = rows[0]!;
  return { secret: row.secret, lastStep: row.last_step, pendingSecret: row.pending };
}

export async function setPendingSecret(db: Db, adminId: number, secret: Buffer): Promise<void> {
  await db.query(
    `UPDATE admin_users SET totp_pending_secret = $2, totp_pending_at = clock_timestamp() WHERE id = $1`,
    [adminId, secret],
  );
}

/**
 * Makes the pending secret the account's second factor, its first code's step the last used one,
 * and these the recovery codes, in one transaction; false when the pending secret changed meanwhile.
 */
export async function activatePending(
  db: Db,
  adminId: number,
  pending: Buffer,
  step: number,
  codeHashes: Buffer[],
  /** Written in the same transaction (the audit entry of the enrolment). */
  alsoWrite?: (client: Queryable) => Promise<void>,
): Promise<boolean> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `UPDATE admin_users
          SET totp_secret = totp_pending_secret, totp_last_step = $3, totp_enrolled_at = clock_timestamp(),
              totp_pending_secret = NULL, totp_pending_at = NULL, updated_at = clock_timestamp()
        WHERE id = $1 AND totp_pending_secret = $2`,
      [adminId, pending, step],
    );
    if (rowCount !== 1) {
      await client.query('ROLLBACK');
      return false;
    }
    await replaceCodes(client, adminId, codeHashes);
    await alsoWrite?.(client);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function replaceCodes(db: Queryable, adminId: number, codeHashes: Buffer[]): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM admin_recovery_codes WHERE admin_id = $1)
     INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::bytea[])`,
    [adminId, codeHashes],
  );
}

export const replaceRecoveryCodes = (db: Queryable, adminId: number, codeHashes: Buffer[]) =>
  replaceCodes(db, adminId, codeHashes);

/** Records a code's time step as used; false when it (or a later one) was used already: a replay. */
export async function useStep(db: Db, adminId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admin_users SET totp_last_step = $2
      WHERE id = $1 AND totp_secret IS NOT NULL AND coalesce(totp_last_step, -1) < $2`,
    [adminId, step],
  );
  return rowCount === 1;
}

/** Spends one recovery code; false when it is not one of the account's unused codes. */
export async function useRecoveryCode(db: Db, adminId: number, codeHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admin_recovery_codes SET used_at = clock_timestamp()
      WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [adminId, codeHash],
  );
  return rowCount === 1;
}
