import type { components } from '@lead-desk/contract';
import type { AdminPrincipal } from '../../http/principal.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../http/errors.ts';
import { revokeInvitationsBy } from './invitations.repo.ts';
import { listAccounts, lockAccounts, setActive, setRole } from './team.repo.ts';
import { conflict, invitable, manageable, needOwner } from './team-rules.ts';

type S = components['schemas'];

/** Roles and deactivation (docs/operations.md#roles, docs/operations.md#deactivation). */
export function createTeamService(db: Db) {
  /** Both accounts locked; the target, or 404. Refuses changing oneself. */
  async function lockPair(client: Parameters<typeof lockAccounts>[0], actor: AdminPrincipal, id: number) {
    const accounts = await lockAccounts(client, [actor.adminId, id]);
    const target = accounts.get(id);
    if (!target) throw notFound('No such account.');
    // The actor's role as it is now, not as the session read it a moment ago.
    const me = accounts.get(actor.adminId)!;
    return { me, target };
  }

  /**
   * The open invitations `inviterId` sent that its role (now `role`, or none when deactivated) no
   * longer lets it send, revoked in the change's transaction and recorded as done by whoever made
   * the change (docs/operations.md#team-invitations).
   */
  async function revokeInvitationsOf(
    client: Parameters<typeof lockAccounts>[0],
    inviterId: number,
    role: S['Role'] | undefined,
    source: AuditSource,
  ) {
    const revoked = await revokeInvitationsBy(client, inviterId, role ? invitable(role) : []);
    for (const invitation of revoked)
      await insertAuditEntry(client, source, {
        action: 'team-invitation.revoked',
        target: { type: 'team-invitation', id: invitation.id },
        details: {
          email: invitation.email,
          because: role ? 'inviter-role-changed' : 'inviter-deactivated',
          inviterId,
        },
      });
  }

  return {
    list: () => listAccounts(db),

    changeRole(actor: AdminPrincipal, id: number, role: S['Role'], source: AuditSource) {
      return inTransaction(db, async (client) => {
        const { me, target } = await lockPair(client, actor, id);
        if (target.id === me.id) throw conflict('Nobody can change their own role.');
        if (target.role === role) return target;
        const allowed = manageable(me.role);
        if (role === 'owner') {
          if (me.role !== 'owner') throw needOwner('hand ownership on');
          if (target.role !== 'admin' || !target.active)
            throw conflict('Ownership goes to an active admin: make them an admin first.');
          // One owner at every moment (a unique index): step down first, then hand on.
          await setRole(client, me.id, 'admin');
          await insertAuditEntry(client, source, {
            action: 'account.role-changed',
            target: { type: 'account', id: me.id },
            changes: { role: { from: 'owner', to: 'admin' } },
          });
          await revokeInvitationsOf(client, me.id, 'admin', source);
        } else if (!allowed.includes(target.role) || !allowed.includes(role)) {
          if (target.role === 'owner')
            throw conflict('The owner keeps their role until they hand ownership on.');
          throw needOwner('make or unmake admins');
        }
        const changed = await setRole(client, id, role);
        await insertAuditEntry(client, source, {
          action: 'account.role-changed',
          target: { type: 'account', id },
          changes: { role: { from: target.role, to: role } },
        });
        await revokeInvitationsOf(client, id, role, source);
        return changed;
      });
    },

    setActive(actor: AdminPrincipal, id: number, active: boolean, source: AuditSource) {
      return inTransaction(db, async (client) => {
        const { me, target } = await lockPair(client, actor, id);
        if (target.id === me.id) throw conflict('Nobody can deactivate or reactivate themselves.');
        if (target.role === 'owner') throw conflict('The owner cannot be deactivated.');
        if (!manageable(me.role).includes(target.role)) throw needOwner('deactivate or reactivate admins');
        if (target.active === active)
          throw conflict(active ? 'This account is active already.' : 'This account is deactivated already.');
        const changed = await setActive(client, id, active);
        await insertAuditEntry(client, source, {
          action: active ? 'account.reactivated' : 'account.deactivated',
          target: { type: 'account', id },
          changes: { active: { from: !active, to: active } },
        });
        if (!active) await revokeInvitationsOf(client, id, undefined, source);
        return changed;
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
