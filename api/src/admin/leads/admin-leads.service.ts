import type { Readable } from 'node:stream';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';
import { findById } from '../../leads/find.repo.ts';
import * as repo from './admin-leads.repo.ts';
import { csvBatches } from './csv-export.repo.ts';
import type { LeadFilter, ListOptions } from './filters.repo.ts';
import { csvStream } from '../../db/csv.ts';
import { overview } from './overview.repo.ts';
import { emitLeadChange } from '../../webhooks/lead-events.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';

export interface Page<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/** What the desk does with leads of any kind: read a page, one lead, a CSV export; change one. */
export function createAdminLeadsService(db: Db) {
  return {
    /** The four counts, the 10 newest leads and 30 days of leads per day. */
    overview: () => overview(db),

    list: <T>(kind: LeadKind<T>, opts: ListOptions): Promise<Page<T>> => repo.listPage(db, kind, opts),

    async get<T>(kind: LeadKind<T>, id: number): Promise<T> {
      const lead = await findById(db, kind, id);
      if (!lead) throw notFound(`There is no ${kind.noun} ${id}.`);
      return lead;
    },

    /**
     * Every matching lead as a CSV stream, newest first. The first batch is read before this
     * resolves, so a database that fails at once is answered as a problem, not as a 200 with an
     * empty file (docs/product.md#errors).
     */
    async exportCsv(kind: LeadKind<unknown>, filter: LeadFilter, source: AuditSource): Promise<Readable> {
      // The search text may be a person's name or address, so the log says only that there was one.
      await insertAuditEntry(db, source, {
        action: 'leads.exported',
        target: { type: kind.slug, id: null },
        details: {
          filters: {
            ...(filter.q ? { search: true } : {}),
            ...(filter.assignee !== undefined ? { assignee: filter.assignee } : {}),
            // A source or campaign names a site or a campaign, never a person: kept as given.
            ...(filter.source ? { source: filter.source } : {}),
            ...(filter.campaign ? { campaign: filter.campaign } : {}),
          },
        },
      });
      const batches = csvBatches(db, kind, filter);
      const first = await batches.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      return csvStream(
        kind.csv.map((c) => c.header),
        all(),
      );
    },

    /**
     * Applies the fields the kind lets the desk change (the contract allows no others). A
     * subscriber can only be deactivated: they reactivate by confirming by email
     * (docs/product.md#leads); `isActive: false` is the contract's deprecated spelling of that.
     * A change emits its webhook event in the same transaction (docs/webhooks.md).
     */
    async update<T>(
      kind: LeadKind<T>,
      id: number,
      changes: Record<string, unknown>,
      actor: string,
      source: AuditSource,
    ): Promise<T> {
      const newsletter = kind.slug === 'newsletter';
      if (newsletter && 'isActive' in changes) {
        if (changes.isActive !== false) {
          throw new HttpError(
            409,
            'Conflict',
            'Only the subscriber can reactivate their subscription, by confirming by email.',
          );
        }
        changes = { status: 'inactive' };
      }
      const expectedStatus = changes.expectedStatus as string | undefined;
      const columns = Object.entries(changes)
        .filter(([field]) => field in kind.updates)
        .map(([field, value]) => ({ column: kind.updates[field]!, value }));
      const event = { type: newsletter ? ('deactivated' as const) : ('status-changed' as const), actor };
      const lead = await inTransaction(db, async (client) => {
        // The status the client saw must still be the lead's: no silent overwrite (docs/product.md#assignment).
        if (expectedStatus !== undefined) {
          const current = await repo.lockStatus(client, kind, id);
          if (current !== undefined && current !== expectedStatus)
            throw new HttpError(
              409,
              'Conflict',
              `Someone changed this ${kind.noun}'s status meanwhile: it is ${current} now. Nothing was changed.`,
              { extensions: { currentStatus: current } },
            );
        }
        const result = await repo.update(client, kind, id, columns, event);
        if (result) {
          await emitLeadChange(client, kind, result.lead, result.previousStatus);
          await insertAuditEntry(client, source, {
            action: 'lead.status-changed',
            target: { type: kind.slug, id },
            changes: {
              status: { from: result.previousStatus, to: (result.lead as { status: string }).status },
            },
          });
        }
        return result?.lead;
      });
      if (!lead) throw notFound(`There is no ${kind.noun} ${id}.`);
      return lead;
    },
  };
}

export type AdminLeadsService = ReturnType<typeof createAdminLeadsService>;
