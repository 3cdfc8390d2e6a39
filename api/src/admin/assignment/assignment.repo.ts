import type { components } from '@lead-desk/contract';
import type { Queryable } from '../../db/pool.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';

type S = components['schemas'];

/** The roles that work leads and so may be given them (docs/product.md#assignment). */
export const ASSIGNABLE_ROLES = ['member', 'admin', 'owner'] as const;

/**
 * An account, held (FOR SHARE) until the transaction ends, and whether it may take leads: an active
 * one of a role that works them (docs/operations.md#deactivation).
 */
export async function lockAccount(
  db: Queryable,
  id: number,
): Promise<(S['TeamMemberRef'] & { assignable: boolean }) | undefined> {
  const { rows } = await db.query<{ id: number; username: string; assignable: boolean }>(
    `SELECT id, username, role = ANY($2::text[]) AND deactivated_at IS NULL AS assignable
       FROM admin_users WHERE id = $1 FOR SHARE`,
    [id, ASSIGNABLE_ROLES],
  );
  return rows[0];
}

/** Accounts by id, as the API names them. */
export async function accountRefs(db: Queryable, ids: number[]): Promise<Map<number, S['TeamMemberRef']>> {
  const { rows } = await db.query<S['TeamMemberRef']>(
    'SELECT id, username FROM admin_users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The assignee of each of these leads that exists, their rows locked for the rest of the
 * transaction, in id order (so two selections that overlap cannot deadlock).
 */
export async function lockAssignees(
  db: Queryable,
  kind: LeadKind<unknown>,
  ids: number[],
): Promise<Map<number, number | null>> {
  const { rows } = await db.query<{ id: number; assignee_id: number | null }>(
    `SELECT id, assignee_id FROM ${kind.table} WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.assignee_id]));
}

/** Every lead of this kind assigned to `assigneeId`, locked in id order. */
export async function lockLeadsOf(
  db: Queryable,
  kind: LeadKind<unknown>,
  assigneeId: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ${kind.table} WHERE assignee_id = $1 ORDER BY id FOR UPDATE`,
    [assigneeId],
  );
  return rows.map((r) => r.id);
}

export async function setAssignee(
  db: Queryable,
  kind: LeadKind<unknown>,
  ids: number[],
  assigneeId: number | null,
): Promise<void> {
  await db.query(`UPDATE ${kind.table} SET assignee_id = $2 WHERE id = ANY($1::bigint[])`, [ids, assigneeId]);
}

/**
 * The history entries, "assigned to you" emails and lead.assigned events of one change (the
 * record_assignments function of the add-lead-assignees migration), in the caller's transaction.
 */
export async function recordAssignments(
  db: Queryable,
  kind: LeadKind<unknown>,
  change: {
    ids: number[];
    previous: (number | null)[];
    assigneeId: number | null;
    /** Null for a change nobody in the desk made (a prospect's booking): "(automatic)". */
    actorId: number | null;
    mail: boolean;
  },
): Promise<void> {
  if (change.ids.length === 0) return;
  await db.query('SELECT record_assignments($1, $2::bigint[], $3::bigint[], $4::bigint[], $5, $6)', [
    kind.slug,
    change.ids,
    change.previous,
    change.ids.map(() => change.assigneeId),
    change.actorId,
    change.mail,
  ]);
}
