import type { components } from '@lead-desk/contract';
import type { Db } from '../../db/pool.ts';

type S = components['schemas'];

/** The desk's accounts, oldest first. */
export async function listAccounts(db: Db): Promise<S['TeamMember'][]> {
  const { rows } = await db.query<{ id: number; username: string; role: S['Role']; created_at: Date }>(
    'SELECT id, username, role, created_at FROM admin_users ORDER BY created_at, id',
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    role: r.role,
    createdAt: r.created_at.toISOString(),
  }));
}
