import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../../db/pool.ts';

type S = components['schemas'];

interface AccountRow {
  id: number;
  username: string;
  role: S['Role'];
  created_at: Date;
  email: string | null;
  deactivated_at: Date | null;
  assigned_leads: number;
  open_leads: number;
}

// Leads per person from the assignee counters (add-lead-assignees migration), never the leads.
const COLUMNS = `id, username, role, created_at, email, deactivated_at,
  (SELECT coalesce(sum(c.leads), 0)::int FROM assignee_counts c WHERE c.assignee_id = admin_users.id) AS assigned_leads,
  (SELECT coalesce(sum(c.open_leads), 0)::int FROM assignee_counts c WHERE c.assignee_id = admin_users.id) AS open_leads`;

/** The one place an account row becomes the contract's TeamMember. */
const toMember = (r: AccountRow): S['TeamMember'] => ({
  id: r.id,
  username: r.username,
  role: r.role,
  createdAt: r.created_at.toISOString(),
  email: r.email,
  active: r.deactivated_at === null,
  deactivatedAt: r.deactivated_at?.toISOString() ?? null,
  assignedLeads: r.assigned_leads,
  openLeads: r.open_leads,
});

/** The desk's accounts, oldest first. */
export async function listAccounts(db: Db): Promise<S['TeamMember'][]> {
  const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM admin_users ORDER BY created_at, id`);
  return rows.map(toMember);
}

/**
 * The accounts with these ids, locked for the transaction (in id order, so two changes that
 * lock the same pair wait instead of deadlocking).
 */
export async function lockAccounts(db: Queryable, ids: number[]): Promise<Map<number, S['TeamMember']>> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${COLUMNS} FROM admin_users WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, toMember(r)]));
}

export async function setRole(db: Queryable, id: number, role: S['Role']): Promise<S['TeamMember']> {
  const { rows } = await db.query<AccountRow>(
    `UPDATE admin_users SET role = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, role],
  );
  return toMember(rows[0]!);
}

/**
 * Deactivates (ending every session, pending sign-in and remembered device at once) or
 * reactivates the account (docs/operations.md#deactivation).
 */
export async function setActive(db: Queryable, id: number, active: boolean): Promise<S['TeamMember']> {
  const { rows } = await db.query<AccountRow>(
    `WITH u AS (
       UPDATE admin_users
          SET deactivated_at = CASE WHEN $2 THEN NULL ELSE clock_timestamp() END,
              updated_at = clock_timestamp()
        WHERE id = $1 RETURNING ${COLUMNS}
     ),
     s AS (DELETE FROM admin_sessions WHERE NOT $2 AND admin_id IN (SELECT id FROM u)),
     c AS (DELETE FROM admin_login_challenges WHERE NOT $2 AND admin_id IN (SELECT id FROM u)),
     d AS (DELETE FROM admin_devices WHERE NOT $2 AND admin_id IN (SELECT id FROM u))
     SELECT * FROM u`,
    [id, active],
  );
  return toMember(rows[0]!);
}

/** Whether an account (active or not; other than `except`, a username) already has this address. */
export async function emailTaken(db: Queryable, email: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM admin_users WHERE email = $1 AND username IS DISTINCT FROM $2',
    [email, except ?? null],
  );
  return rows.length > 0;
}
