import type { components } from '@lead-desk/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { kindBySlug, leadKinds, type LeadKind } from '../../leads/lead-kinds.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';
import * as repo from './assignment.repo.ts';

type S = components['schemas'];
type Outcome = S['BulkAssignmentResult'];

/**
 * Who works which lead (docs/product.md#assignment). Every change is made against the assignee
 * the client saw: a lead whose assignee is another by now is left alone (409, or `conflict` in a
 * selection), so two people assigning at once never overwrite each other silently. The lead rows
 * are locked first, so of concurrent changes one wins and the others see its result. Each change
 * is recorded (history, email, webhook, audit log) in its own transaction.
 */
export function createAssignmentService(db: Db) {
  const kindOf = (slug: string): LeadKind<unknown> => kindBySlug(slug)!;

  /** The account leads may go to, or a 400 naming the field. */
  async function assignable(client: pg.PoolClient, id: number, path: string) {
    const account = await repo.lockAccount(client, id);
    if (!account?.assignable)
      throw badRequest(
        account
          ? `${account.username} cannot be given leads: only active members, admins and the owner work them.`
          : `There is no account ${id}.`,
        [{ path, message: 'Must be an active member, admin or owner of the team' }],
      );
    return account;
  }

  /** Assigns the leads whose assignee is still the expected one; answers each lead's outcome. */
  async function assignIn(
    client: pg.PoolClient,
    kind: LeadKind<unknown>,
    leads: { id: number; expectedAssigneeId: number | null }[],
    assigneeId: number | null,
    actorId: number,
    source: AuditSource,
  ): Promise<Outcome[]> {
    const current = await repo.lockAssignees(
      client,
      kind,
      leads.map((l) => l.id),
    );
    const changed = new Map<number, number | null>();
    const results = leads.map(({ id, expectedAssigneeId }): Outcome => {
      if (!current.has(id)) return { id, outcome: 'not-found', assigneeId: null };
      if (changed.has(id)) return { id, outcome: 'assigned', assigneeId }; // named twice
      const now = current.get(id)!;
      // Even a change to the same person is refused when the client saw another: it decided on
      // what it saw, and someone else decided meanwhile.
      if (now !== expectedAssigneeId) return { id, outcome: 'conflict', assigneeId: now };
      if (now === assigneeId) return { id, outcome: 'assigned', assigneeId };
      changed.set(id, now);
      return { id, outcome: 'assigned', assigneeId };
    });
    const ids = [...changed.keys()];
    await repo.setAssignee(client, kind, ids, assigneeId);
    await repo.recordAssignments(client, kind, {
      ids,
      previous: [...changed.values()],
      assigneeId,
      actorId,
      mail: true,
    });
    for (const [id, from] of changed)
      await insertAuditEntry(client, source, {
        action: 'lead.assigned',
        target: { type: kind.slug, id },
        changes: { assignee: { from, to: assigneeId } },
      });
    return results;
  }

  return {
    /** One lead from its page: 404 when it does not exist, 409 naming its assignee when it changed. */
    assign(
      slug: string,
      id: number,
      input: S['AssignmentInput'],
      actorId: number,
      source: AuditSource,
    ): Promise<S['LeadAssignment']> {
      const kind = kindOf(slug);
      return inTransaction(db, async (client) => {
        if (input.assigneeId !== null) await assignable(client, input.assigneeId, '/assigneeId');
        const [result] = await assignIn(
          client,
          kind,
          [{ id, expectedAssigneeId: input.expectedAssigneeId }],
          input.assigneeId,
          actorId,
          source,
        );
        if (result!.outcome === 'not-found') throw notFound(`There is no ${kind.noun} ${id}.`);
        const refs = await repo.accountRefs(client, result!.assigneeId === null ? [] : [result!.assigneeId]);
        const assignee = result!.assigneeId === null ? null : refs.get(result!.assigneeId)!;
        if (result!.outcome === 'conflict')
          throw new HttpError(
            409,
            'Conflict',
            `Someone changed this ${kind.noun}'s assignee meanwhile: it is ${
              assignee ? `assigned to ${assignee.username}` : 'unassigned'
            } now. Nothing was changed.`,
            { extensions: { currentAssignee: assignee } },
          );
        return { kind: kind.slug, id, assignee };
      });
    },

    /** A selection from a list, in one transaction; each lead answers its own outcome. */
    assignMany(
      slug: string,
      input: S['BulkAssignmentInput'],
      actorId: number,
      source: AuditSource,
    ): Promise<Outcome[]> {
      const kind = kindOf(slug);
      return inTransaction(db, async (client) => {
        if (input.assigneeId !== null) await assignable(client, input.assigneeId, '/assigneeId');
        return assignIn(client, kind, input.leads, input.assigneeId, actorId, source);
      });
    },

    /**
     * Every lead of `fromId`, of every kind, to `toId` (docs/product.md#reassign-all), recorded as
     * one audit entry; no email per lead.
     */
    reassignAll(
      fromId: number,
      toId: number,
      actorId: number,
      source: AuditSource,
    ): Promise<S['Reassigned']> {
      return inTransaction(db, async (client) => {
        if (!(await repo.lockAccount(client, fromId))) throw notFound(`There is no account ${fromId}.`);
        if (toId === fromId)
          throw badRequest('Choose another person to take these leads.', [
            { path: '/toAssigneeId', message: 'Must be another person' },
          ]);
        await assignable(client, toId, '/toAssigneeId');
        const moved = { contact: 0, demo: 0, 'get-started': 0, newsletter: 0 };
        for (const kind of leadKinds as readonly LeadKind<unknown>[]) {
          const ids = await repo.lockLeadsOf(client, kind, fromId);
          await repo.setAssignee(client, kind, ids, toId);
          await repo.recordAssignments(client, kind, {
            ids,
            previous: ids.map(() => fromId),
            assigneeId: toId,
            actorId,
            mail: false,
          });
          moved[kind.slug] = ids.length;
        }
        const total = Object.values(moved).reduce((a, b) => a + b, 0);
        await insertAuditEntry(client, source, {
          action: 'leads.reassigned',
          target: { type: 'account', id: fromId },
          changes: { assignee: { from: fromId, to: toId } },
          details: { moved },
        });
        return { moved, total };
      });
    },
  };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
