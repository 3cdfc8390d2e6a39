import type supertest from 'supertest';
import type { Role } from '../src/contract/load.ts';
import { hashPassword } from '../src/admin/auth/password.ts';
import { cliSource } from '../src/audit/audit.ts';
import { createAccount } from '../src/admin/team/accounts.service.ts';
import type { TestApp } from './harness.ts';

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

/** An agent signed in as `username`, sending Origin like the desk does. */
export async function signedInAs(t: TestApp, username: string): Promise<supertest.Agent> {
  const agent = t.request().set('Origin', t.baseUrl);
  const res = await agent.post('/api/admin/login').send({ username, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
