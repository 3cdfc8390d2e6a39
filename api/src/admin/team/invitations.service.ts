import type { components } from '@lead-desk/contract';
import type { Context } from 'koa';
import type { AdminPrincipal } from '../../http/principal.ts';
import { hashToken, newToken } from '../auth/cookies.ts';
import { normaliseUsername, passwordProblem, usernameProblem } from '../auth/credential-rules.ts';
import { insertAdmin } from '../auth/auth.repo.ts';
import { hashPassword } from '../auth/password.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { sendInvitation } from './invitation-mail.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import * as repo from './invitations.repo.ts';
import { emailTaken, lockAccounts } from './team.repo.ts';
import { conflict, manageable, needOwner } from './team-rules.ts';

type S = components['schemas'];

/** An address as stored and compared: trimmed, lower-cased (as leads' addresses are). */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The plain words for a link that no longer works (docs/operations.md#team-invitations). */
const gone: Record<'accepted' | 'revoked' | 'expired', string> = {
  accepted: 'This invitation has been accepted already. Sign in with the username and password chosen then.',
  revoked: 'This invitation has been revoked. Ask an admin of the team to invite you again.',
  expired: 'This invitation has expired (links are valid for 7 days). Ask an admin to send it again.',
};
const invitationGone = (state: keyof typeof gone) =>
  new HttpError(410, 'Gone', gone[state], { extensions: { invitationState: state } });
const unknownLink = () =>
  notFound('This invitation link is not valid. Check that it was copied whole, or ask for a new one.');

/** Why an invitation cannot be accepted with a password under LOCAL_LOGIN, and the way instead. */
function passwordAcceptanceOff(config: Pick<Config, 'localLogin' | 'oidc'>): HttpError {
  const passwords =
    config.localLogin === 'owner'
      ? 'Passwords are for the owner of the desk only'
      : 'Passwords are turned off';
  return forbidden(
    config.oidc
      ? `${passwords} on this server: accept the invitation by signing in with ${config.oidc.displayName}, with the address it was sent to.`
      : `${passwords} on this server, and single sign-on is not set up: ask the owner of the desk.`,
  );
}

/**
 * Team invitations (docs/operations.md#team-invitations): an admin invites an address with a
 * role; the link in the email works once, for that address, for 7 days; the database keeps only
 * its hash (and, while the email is held for want of SMTP, the link for the desk to show).
 */
export function createTeamInvitations(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'localLogin' | 'oidc'>,
  startSession: (ctx: Context, adminId: number) => Promise<AdminPrincipal>,
) {
  /** The inviter's current role (locked) must manage the role invited. */
  async function checkInviter(
    client: Parameters<typeof lockAccounts>[0],
    actor: AdminPrincipal,
    role: S['InvitedRole'],
  ) {
    const me = (await lockAccounts(client, [actor.adminId])).get(actor.adminId)!;
    if (!manageable(me.role).includes(role)) throw needOwner('invite admins');
  }

  /**
   * A fresh link for the invitation: its token's hash, and the link itself while mail is held. The
   * token goes after `#`, so no server or proxy log ever holds it.
   */
  function freshLink() {
    const { token, hash } = newToken();
    const link = `${config.publicUrl}/admin/join#token=${token}`;
    return { hash, link, heldLink: config.smtpUrl ? null : link };
  }

  async function deliver(
    id: number,
    to: string,
    role: string,
    inviter: string,
    link: ReturnType<typeof freshLink>,
  ) {
    const outcome = await sendInvitation(config, { id, to, inviter, role, link: link.link });
    await repo.recordDelivery(db, id, link.hash, outcome);
    return (await repo.getInvitation(db, id))!;
  }

  return {
    list: () => repo.listOpenInvitations(db),

    async invite(actor: AdminPrincipal, input: S['TeamInvitationInput'], source: AuditSource) {
      const email = normaliseEmail(input.email);
      const link = freshLink();
      const id = await inTransaction(db, async (client) => {
        await checkInviter(client, actor, input.role);
        if (await emailTaken(client, email)) throw conflict('An account with this address exists already.');
        const created = await repo.insertInvitation(client, {
          email,
          role: input.role,
          tokenHash: link.hash,
          invitedBy: actor.adminId,
          heldLink: link.heldLink,
        });
        if (created === undefined)
          throw conflict('This address has an open invitation already: send it again from the list.');
        await insertAuditEntry(client, source, {
          action: 'team-invitation.sent',
          target: { type: 'team-invitation', id: created },
          changes: { role: { to: input.role } },
          details: { email },
        });
        return created;
      });
      return deliver(id, email, input.role, actor.username, link);
    },

    async resend(actor: AdminPrincipal, id: number, source: AuditSource) {
      const link = freshLink();
      const invitation = await inTransaction(db, async (client) => {
        const found = await repo.lockInvitation(client, { id });
        if (!found) throw notFound('No such invitation.');
        if (found.state === 'accepted' || found.state === 'revoked')
          throw conflict(`This invitation has been ${found.state}; it cannot be sent again.`);
        await checkInviter(client, actor, found.role);
        await repo.renewInvitation(client, id, {
          tokenHash: link.hash,
          invitedBy: actor.adminId,
          heldLink: link.heldLink,
        });
        await insertAuditEntry(client, source, {
          action: 'team-invitation.sent',
          target: { type: 'team-invitation', id },
          changes: { role: { to: found.role } },
          details: { email: found.email, again: true },
        });
        return found;
      });
      return deliver(id, invitation.email, invitation.role, actor.username, link);
    },

    revoke(actor: AdminPrincipal, id: number, source: AuditSource) {
      return inTransaction(db, async (client) => {
        const found = await repo.lockInvitation(client, { id });
        if (!found) throw notFound('No such invitation.');
        if (found.state === 'accepted' || found.state === 'revoked')
          throw conflict(`This invitation has been ${found.state} already.`);
        await checkInviter(client, actor, found.role);
        await repo.markRevoked(client, id);
        await insertAuditEntry(client, source, {
          action: 'team-invitation.revoked',
          target: { type: 'team-invitation', id },
          details: { email: found.email },
        });
      });
    },

    /** What a pending link offers; 404 for a link that names nothing, 410 for one that did. */
    async check(token: string): Promise<S['TeamInvitationOffer']> {
      const found = await repo.lockInvitation(db, { tokenHash: hashToken(token) });
      if (!found) throw unknownLink();
      if (found.state !== 'pending') throw invitationGone(found.state);
      const shown = (await repo.getInvitation(db, found.id))!;
      return { email: shown.email, role: shown.role, expiresAt: shown.expiresAt };
    },

    /** Makes the account from a pending link and the invited address, and signs it in. */
    async accept(ctx: Context, input: S['TeamInvitationAcceptance'], source: AuditSource) {
      const username = normaliseUsername(input.username);
      const problems = [
        ...(usernameProblem(username)
          ? [{ path: '/username', message: `Username ${usernameProblem(username)}` }]
          : []),
        ...(passwordProblem(input.password)
          ? [{ path: '/password', message: `Password ${passwordProblem(input.password)}` }]
          : []),
      ];
      // Under LOCAL_LOGIN=owner|off nobody invited signs in with a password, so none is chosen here:
      // the invitation is accepted through the provider (docs/operations.md#team-invitations).
      if (config.localLogin !== 'all') throw passwordAcceptanceOff(config);
      if (problems.length > 0) throw badRequest(problems.map((p) => p.message).join('. '), problems);
      // The link first: only its holder gets as far as the (costly) password hash.
      await this.check(input.token);
      const passwordHash = await hashPassword(input.password);
      const accountId = await inTransaction(db, async (client) => {
        const found = await repo.lockInvitation(client, { tokenHash: hashToken(input.token) });
        if (!found) throw unknownLink();
        if (found.state !== 'pending') throw invitationGone(found.state);
        if (normaliseEmail(input.email) !== found.email)
          throw badRequest('This invitation was sent to another address.', [
            { path: '/email', message: 'This is not the address the invitation was sent to' },
          ]);
        if (await emailTaken(client, found.email))
          throw conflict('An account with this address exists already.');
        const created = await insertAdmin(client, username, passwordHash, found.role);
        if (!created)
          throw conflict('This username is taken: choose another one.', [
            { path: '/username', message: 'This username is taken' },
          ]);
        await repo.setAccountEmail(client, created.id, found.email);
        await repo.markAccepted(client, found.id, created.id);
        await insertAuditEntry(
          client,
          { ...source, actor: { kind: 'account', id: created.id } },
          {
            action: 'team-invitation.accepted',
            target: { type: 'team-invitation', id: found.id },
            changes: { role: { to: found.role } },
            details: { username, accountId: created.id },
          },
        );
        return created.id;
      });
      return startSession(ctx, accountId);
    },
  };
}

export type TeamInvitations = ReturnType<typeof createTeamInvitations>;
