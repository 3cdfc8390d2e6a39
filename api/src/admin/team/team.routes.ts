import { session } from '../admin.routes.ts';
import type { AdminPrincipal } from '../../http/principal.ts';
import { requestSource } from '../../audit/audit.ts';
import type { Handlers } from '../../http/typed.ts';
import type { TeamInvitations } from './invitations.service.ts';
import type { TeamService } from './team.service.ts';

type Ops =
  | 'listTeamMembers'
  | 'changeTeamMemberRole'
  | 'deactivateTeamMember'
  | 'reactivateTeamMember'
  | 'listTeamInvitations'
  | 'createTeamInvitation'
  | 'resendTeamInvitation'
  | 'revokeTeamInvitation'
  | 'checkTeamInvitation'
  | 'acceptTeamInvitation';

/**
 * The team: who has an account, with which role, invitations and deactivation
 * (docs/operations.md#roles); the roles each operation needs come from the contract.
 */
export function teamHandlers(team: TeamService, invitations: TeamInvitations): Pick<Handlers, Ops> {
  const me = (state: Record<string, unknown>) => state.admin as AdminPrincipal;
  return {
    listTeamMembers: async () => ({ status: 200, body: { members: await team.list() } }),
    changeTeamMemberRole: async ({ params, body, ctx }) => ({
      status: 200,
      body: await team.changeRole(me(ctx.state), params.id, body.role, requestSource(ctx)),
    }),
    deactivateTeamMember: async ({ params, ctx }) => ({
      status: 200,
      body: await team.setActive(me(ctx.state), params.id, false, requestSource(ctx)),
    }),
    reactivateTeamMember: async ({ params, ctx }) => ({
      status: 200,
      body: await team.setActive(me(ctx.state), params.id, true, requestSource(ctx)),
    }),
    listTeamInvitations: async () => ({ status: 200, body: { invitations: await invitations.list() } }),
    createTeamInvitation: async ({ body, ctx }) => ({
      status: 201,
      body: await invitations.invite(me(ctx.state), body, requestSource(ctx)),
    }),
    resendTeamInvitation: async ({ params, ctx }) => ({
      status: 200,
      body: await invitations.resend(me(ctx.state), params.id, requestSource(ctx)),
    }),
    revokeTeamInvitation: async ({ params, ctx }) => {
      await invitations.revoke(me(ctx.state), params.id, requestSource(ctx));
      return { status: 204 };
    },
    checkTeamInvitation: async ({ body }) => ({ status: 200, body: await invitations.check(body.token) }),
    acceptTeamInvitation: async ({ body, ctx }) => ({
      status: 200,
      body: session(await invitations.accept(ctx, body, requestSource(ctx))),
    }),
  };
}
