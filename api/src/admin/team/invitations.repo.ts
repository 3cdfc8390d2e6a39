import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../../db/pool.ts';
import type { Delivery } from './invitation-mail.ts';
import { invitable } from './team-rules.ts';

type S = components['schemas'];
type InvitedRole = S['InvitedRole'];

/** How long an invitation link works (docs/operations.md#team-invitations). */
const VALID_DAYS = 7;

interface Row {
  id: number;
  email: string;
  role: InvitedRole;
  inviter: string;
  created_at: Date;
  sent_at: Date;
  expires_at: Date;
  expired: boolean;
  delivery: S['TeamInvitation']['delivery'];
  delivery_error: string | null;
  held_link: string | null;
}

const SELECT = `SELECT i.id, i.email, i.role, u.username AS inviter, i.created_at, i.sent_at, i.expires_at,
         i.expires_at <= now() AS expired, i.delivery, i.delivery_error, i.held_link
    FROM team_invitations i JOIN admin_users u ON u.id = i.invited_by`;

/** The one place a row becomes the contract's TeamInvitation. */
const toApi = (r: Row): S['TeamInvitation'] => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invitedBy: r.inviter,
  createdAt: r.created_at.toISOString(),
  sentAt: r.sent_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  state: r.expired ? 'expired' : 'pending',
  delivery: r.delivery,
  deliveryError: r.delivery_error,
  heldLink: r.delivery === 'held' ? r.held_link : null,
});

/** Invitations neither accepted nor revoked, newest first. */
export async function listOpenInvitations(db: Db): Promise<S['TeamInvitation'][]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.sent_at DESC, i.id DESC`,
  );
  return rows.map(toApi);
}

export async function getInvitation(db: Queryable, id: number): Promise<S['TeamInvitation'] | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE i.id = $1`, [id]);
  return rows[0] && toApi(rows[0]);
}

/** A new invitation; undefined when the address has an open one already. */
export async function insertInvitation(
  db: Queryable,
  v: { email: string; role: InvitedRole; tokenHash: Buffer; invitedBy: number; heldLink: string | null },
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO team_invitations (email, role, token_hash, invited_by, expires_at, held_link)
     VALUES ($1, $2, $3, $4, clock_timestamp() + make_interval(days => $5), $6)
     ON CONFLICT (email) WHERE accepted_at IS NULL AND revoked_at IS NULL DO NOTHING
     RETURNING id`,
    [v.email, v.role, v.tokenHash, v.invitedBy, VALID_DAYS, v.heldLink],
  );
  return rows[0]?.id;
}

export interface OpenInvitation {
  id: number;
  email: string;
  role: InvitedRole;
  state: 'pending' | 'expired' | 'accepted' | 'revoked';
}

/**
 * The invitation (by id, by link, or an address's open one), locked for the transaction, with its
 * state. One whose inviter is deactivated or may no longer invite its role is revoked, whether or
 * not the row says so yet (docs/operations.md#team-invitations): deactivating or demoting revokes
 * the inviter's invitations in its own transaction, and this reads the inviter as it is now.
 */
export async function lockInvitation(
  db: Queryable,
  by: { id: number } | { tokenHash: Buffer } | { openFor: string },
): Promise<OpenInvitation | undefined> {
  const [where, value] =
    'id' in by
      ? ['i.id = $1', by.id]
      : 'tokenHash' in by
        ? ['i.token_hash = $1', by.tokenHash]
        : ['i.email = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL', by.openFor];
  const { rows } = await db.query<OpenInvitation & { inviter_role: S['Role']; inviter_active: boolean }>(
    `SELECT i.id, i.email, i.role, u.role AS inviter_role, u.deactivated_at IS NULL AS inviter_active,
            CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                 WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END AS state
       FROM team_invitations i JOIN admin_users u ON u.id = i.invited_by
      WHERE ${where} FOR UPDATE OF i`,
    [value],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { inviter_role, inviter_active, ...found } = row;
  const stale = !inviter_active || !invitable(inviter_role).includes(found.role);
  return found.state === 'pending' && stale ? { ...found, state: 'revoked' } : found;
}

/** A new link (the old one stops working), valid 7 days from now, sent by `invitedBy`. */
export async function renewInvitation(
  db: Queryable,
  id: number,
  v: { tokenHash: Buffer; invitedBy: number; heldLink: string | null },
): Promise<void> {
  await db.query(
    `UPDATE team_invitations
        SET token_hash = $2, invited_by = $3, held_link = $4, delivery = 'held', delivery_error = NULL,
            sent_at = clock_timestamp(), expires_at = clock_timestamp() + make_interval(days => $5)
      WHERE id = $1`,
    [id, v.tokenHash, v.invitedBy, v.heldLink, VALID_DAYS],
  );
}

/** What became of the email; only the same link's outcome (a newer link may have replaced it). */
export async function recordDelivery(db: Db, id: number, tokenHash: Buffer, d: Delivery): Promise<void> {
  await db.query(
    `UPDATE team_invitations SET delivery = $3, delivery_error = $4,
            held_link = CASE WHEN $3 = 'held' THEN held_link END
      WHERE id = $1 AND token_hash = $2`,
    [id, tokenHash, d.delivery, d.error],
  );
}

export async function markRevoked(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE team_invitations SET revoked_at = clock_timestamp(), held_link = NULL WHERE id = $1',
    [id],
  );
}

/**
 * Revokes the open invitations `inviterId` sent whose role is not among `keep` (all of them for an
 * empty `keep`): what a deactivation or a demotion takes away (docs/operations.md#team-invitations).
 */
export async function revokeInvitationsBy(
  db: Queryable,
  inviterId: number,
  keep: readonly string[],
): Promise<{ id: number; email: string; role: InvitedRole }[]> {
  const { rows } = await db.query<{ id: number; email: string; role: InvitedRole }>(
    `UPDATE team_invitations SET revoked_at = clock_timestamp(), held_link = NULL
      WHERE invited_by = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND NOT (role = ANY($2::text[]))
      RETURNING id, email, role`,
    [inviterId, keep],
  );
  return rows;
}

export async function markAccepted(db: Queryable, id: number, accountId: number): Promise<void> {
  await db.query(
    `UPDATE team_invitations SET accepted_at = clock_timestamp(), account_id = $2, held_link = NULL
      WHERE id = $1`,
    [id, accountId],
  );
}

/** The address the invitation was accepted with, on the new account. */
export async function setAccountEmail(db: Queryable, accountId: number, email: string): Promise<void> {
  await db.query('UPDATE admin_users SET email = $2 WHERE id = $1', [accountId, email]);
}
