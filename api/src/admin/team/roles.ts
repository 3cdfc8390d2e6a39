import type { Context } from 'koa';
import type { Operation, Role } from '../../contract/load.ts';
import { HttpError } from '../../http/errors.ts';
import type { AdminPrincipal } from '../../http/principal.ts';

/**
 * The role check of every secured operation (docs/operations.md#roles): the contract's roles are
 * ordered, lowest first, and an account may call an operation whose `x-required-role` is its own
 * role or a lower one. A refusal is a 403 whose `requiredRole` names the role needed.
 */
export function createAuthorize(roles: Role[]) {
  const rank = (role: Role) => roles.indexOf(role);
  return (ctx: Context, op: Operation): void => {
    const needed = op.requiredRole;
    const principal = ctx.state.admin as AdminPrincipal | undefined;
    if (!needed || !principal) throw new Error(`${op.operationId}: authorize without a role or a session`);
    if (rank(principal.role) >= rank(needed)) {
      // For the audit log's trigger, which checks the role again as the database holds it when the
      // request writes (docs/operations.md#roles): a demotion meanwhile rolls the change back.
      ctx.state.requiredRole = needed;
      return;
    }
    throw new HttpError(
      403,
      'Forbidden',
      `This needs the ${needed} role or a higher one; you are signed in as a ${principal.role}.`,
      { extensions: { requiredRole: needed } },
    );
  };
}
