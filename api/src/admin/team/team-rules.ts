import { roles } from '@lead-desk/contract/roles';
import type { Role } from '../../contract/load.ts';
import type { FieldError } from '../../contract/load.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * Who manages whom (docs/operations.md#roles): an account manages the roles below its own (admins
 * viewers and members, the owner also admins), as the desk reckons it from the same order. A
 * refusal for want of a role is a 403 naming the role needed, as the contract's are.
 */
export const manageable = (actor: Role): Role[] => roles.order.slice(0, roles.order.indexOf(actor));

/**
 * The roles an account may invite (docs/operations.md#team-invitations): those it manages, once its
 * role may invite at all (the contract's role for sending an invitation). An invitation whose
 * inviter is deactivated or no longer may invite its role does not work.
 */
export const invitable = (actor: Role): Role[] =>
  roles.order.indexOf(actor) >= roles.order.indexOf(roles.requiredRoles.createTeamInvitation)
    ? manageable(actor)
    : [];

export function needOwner(what: string): HttpError {
  return new HttpError(403, 'Forbidden', `Only the owner can ${what}.`, {
    extensions: { requiredRole: 'owner' },
  });
}

export const conflict = (detail: string, errors?: FieldError[]) =>
  new HttpError(409, 'Conflict', detail, errors ? { errors } : {});
