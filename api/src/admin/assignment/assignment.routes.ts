import type { AdminPrincipal } from '../../http/principal.ts';
import { requestSource } from '../../audit/audit.ts';
import type { Handlers } from '../../http/typed.ts';
import type { AssignmentService } from './assignment.service.ts';

type Ops = 'assignLead' | 'assignLeads' | 'reassignMemberLeads';

/** Lead assignment (docs/product.md#assignment); the roles come from the contract. */
export function assignmentHandlers(assignment: AssignmentService): Pick<Handlers, Ops> {
  const me = (state: Record<string, unknown>) => (state.admin as AdminPrincipal).adminId;
  return {
    assignLead: async ({ params, body, ctx }) => ({
      status: 200,
      body: await assignment.assign(params.kind, params.id, body, me(ctx.state), requestSource(ctx)),
    }),
    assignLeads: async ({ params, body, ctx }) => ({
      status: 200,
      body: { results: await assignment.assignMany(params.kind, body, me(ctx.state), requestSource(ctx)) },
    }),
    reassignMemberLeads: async ({ params, body, ctx }) => ({
      status: 200,
      body: await assignment.reassignAll(params.id, body.toAssigneeId, me(ctx.state), requestSource(ctx)),
    }),
  };
}
