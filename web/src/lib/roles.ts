import type { components } from '@lead-desk/contract';
import { roles } from '@lead-desk/contract/roles';
import { schemas } from '@lead-desk/contract/values';

// The contract's role matrix, as the server enforces it (docs/operations.md#roles). The desk only
// hides what a role may not do; the server's 403 is what counts.

export type Role = components['schemas']['Role'];
/** A desk operation of the contract, by its operationId. */
export type DeskOperation = keyof typeof roles.requiredRoles;

export const roleLabels = schemas.Role['x-enum-labels'] as Record<Role, string>;

/** Whether an account of `role` may call `operation` (false while the role is unknown). */
export function can(role: Role | undefined, operation: DeskOperation): boolean {
  if (!role) return false;
  return roles.order.indexOf(role) >= roles.order.indexOf(roles.requiredRoles[operation]);
}
