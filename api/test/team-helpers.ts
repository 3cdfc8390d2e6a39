import type { Role } from '../src/contract/load.ts';
import { hashPassword } from '../src/admin/auth/password.ts';
import { cliSource } from '../src/audit/audit.ts';
import { createAccount } from '../src/admin/team/accounts.service.ts';
import type { TestApp } from './harness.ts';

/** The password of every account `createTeam` makes (`signedIn(t, role)` signs in with it). */
export const PASSWORD = 'a team password of some length';

/** One account of each role (the first made is the owner), by role. */
export async function createTeam(t: TestApp): Promise<Record<Role, number>> {
  const hash = await hashPassword(PASSWORD);
  const ids = {} as Record<Role, number>;
  for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
    const created = await createAccount(t.db, cliSource, role, hash, role);
    ids[role] = created!.id;
  }
  return ids;
}
