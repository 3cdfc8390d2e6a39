import type { Db } from '../../db/pool.ts';
import type { Handlers } from '../../http/typed.ts';
import { listAccounts } from './team.repo.ts';

/** The team: who has an account, with which role (docs/operations.md#roles). */
export function teamHandlers(db: Db): Pick<Handlers, 'listTeamMembers'> {
  return {
    listTeamMembers: async () => ({ status: 200, body: { members: await listAccounts(db) } }),
  };
}
