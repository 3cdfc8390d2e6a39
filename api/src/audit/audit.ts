import type { components } from '@lead-desk/contract';
import type { Context } from 'koa';
import type { Role } from '../contract/load.ts';
import type { AdminPrincipal } from '../http/principal.ts';

type S = components['schemas'];
export type AuditAction = S['AuditAction'];
export type AuditTargetType = S['AuditTargetType'];
export type AuditActorKind = S['AuditActorKind'];

/** Who acted and from where (docs/operations.md#audit-log). */
export interface AuditSource {
  actor: { kind: 'account'; id: number } | { kind: Exclude<AuditActorKind, 'account'> };
  ip?: string;
  userAgent?: string;
  requestId?: string;
  /**
   * The least role the request needed (its operation's `x-required-role`): the audit log's trigger
   * refuses the entry, and so the change, when the acting account no longer has it.
   */
  neededRole?: Role;
}

/** A changed field: its name only, or (roles, statuses, assignees) its values before and after. */
export type AuditChange = { from?: unknown; to?: unknown };

export interface AuditRecord {
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | number | null };
  changes?: Record<string, AuditChange>;
  details?: Record<string, unknown>;
}

/** The signed-in account of a request (or nobody, before sign-in), with its address, agent and id. */
export function requestSource(
  ctx: Context,
  account = ctx.state.admin as AdminPrincipal | undefined,
): AuditSource {
  return {
    actor: account ? { kind: 'account', id: account.adminId } : { kind: 'anonymous' },
    ip: ctx.ip || undefined,
    userAgent: ctx.get('User-Agent').slice(0, 512) || undefined,
    requestId: ctx.state.requestId as string | undefined,
    neededRole: ctx.state.requiredRole as Role | undefined,
  };
}

/** The admin command line (`npm run admin`). */
export const cliSource: AuditSource = { actor: { kind: 'cli' } };

/** Only the names of the fields a change touched, for fields whose values must not be recorded. */
export const namesOnly = (fields: Iterable<string>): Record<string, AuditChange> =>
  Object.fromEntries([...fields].map((f) => [f, {}]));
