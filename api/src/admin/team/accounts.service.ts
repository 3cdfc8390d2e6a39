import type { Role } from '../../contract/load.ts';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertAdmin, resetSecondFactor, updateEmail, updatePassword } from '../auth/auth.repo.ts';
import { emailTaken } from './team.repo.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';

/**
 * Accounts made and repaired outside the desk (the first start, `npm run admin`), each change
 * recorded in the audit log in its own transaction (docs/operations.md#audit-log).
 */
export async function createAccount(
  db: Db,
  source: AuditSource,
  username: string,
  passwordHash: string,
  role?: Role,
): Promise<{ id: number; role: Role } | undefined> {
  return inTransaction(db, async (client) => {
    const created = await insertAdmin(client, username, passwordHash, role);
    if (created)
      await insertAuditEntry(client, source, {
        action: 'account.created',
        target: { type: 'account', id: created.id },
        changes: { role: { to: created.role } },
        details: { username },
      });
    return created;
  });
}

/** A new password (and, with `alsoSecondFactor`, no second factor); false when there is no such account. */
export async function resetPassword(
  db: Db,
  source: AuditSource,
  username: string,
  passwordHash: string,
  alsoSecondFactor = false,
): Promise<boolean> {
  return inTransaction(db, async (client) => {
    const id = await updatePassword(client, username, passwordHash);
    if (id === undefined) return false;
    const target = { type: 'account', id } as const;
    await insertAuditEntry(client, source, {
      action: 'account.password-reset',
      target,
      changes: { password: {} },
    });
    if (alsoSecondFactor) await removeSecondFactorOf(client, source, username);
    return true;
  });
}

/** Forgets the account's second factor; false when there is no such account. */
export async function removeSecondFactor(db: Db, source: AuditSource, username: string): Promise<boolean> {
  return inTransaction(db, (client) => removeSecondFactorOf(client, source, username));
}

async function removeSecondFactorOf(
  client: Parameters<typeof resetSecondFactor>[0],
  source: AuditSource,
  username: string,
) {
  const id = await resetSecondFactor(client, username);
  if (id === undefined) return false;
  await insertAuditEntry(client, source, {
    action: 'second-factor.removed',
    target: { type: 'account', id },
    changes: { secondFactor: {} },
  });
  return true;
}

/**
 * The account's address (lower-cased), which single sign-on matches; its link to the provider is
 * forgotten, so the next sign-in with that address links it anew (docs/operations.md#single-sign-on).
 * 'taken' when another account has the address; false when there is no such account.
 */
export async function setEmail(
  db: Db,
  source: AuditSource,
  username: string,
  email: string,
): Promise<boolean | 'taken'> {
  const address = email.trim().toLowerCase();
  return inTransaction(db, async (client) => {
    if (await emailTaken(client, address, username)) return 'taken';
    const id = await updateEmail(client, username, address);
    if (id === undefined) return false;
    await insertAuditEntry(client, source, {
      action: 'account.email-set',
      target: { type: 'account', id },
      details: { email: address },
    });
    return true;
  });
}
