import type { components } from '@lead-desk/contract';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import type { AuditSource } from '../audit/audit.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFound } from '../http/errors.ts';
import { kindBySlug } from '../leads/lead-kinds.ts';
import type { Metrics } from '../metrics/metrics.ts';
import * as repo from './spam.repo.ts';

type S = components['schemas'];

/** A held lead as the desk lists it (the one place a held row becomes an API object). */
const toApi = (r: repo.HeldRow): S['SuspectedSpam'] => ({
  kind: r.lead_kind,
  id: Number(r.id),
  createdAt: r.created_at.toISOString(),
  reason: r.reason as S['SpamCheck'],
  name: r.fields.name ?? '',
  email: r.fields.email ?? '',
  company: r.fields.company ?? '',
  message: r.fields.message ?? '',
});

/** The desk's "Suspected spam" view and its "Not spam" (docs/product.md#spam). */
export function createSpamService(db: Db, metrics: Metrics) {
  return {
    async list(limit: number) {
      const { rows, total } = await repo.listHeld(db, limit);
      return { items: rows.map(toApi), total };
    },

    /** Into the normal flow, with its follow-up emails and webhooks, and into the audit log. */
    async release(kind: S['LeadType'], id: number, source: AuditSource) {
      const leadKind = kindBySlug(kind)!;
      await inTransaction(db, async (client) => {
        if (!(await repo.release(client, leadKind, id)))
          throw notFound(`There is no ${leadKind.noun} ${id} held as suspected spam.`);
        await insertAuditEntry(client, source, {
          action: 'lead.released-from-spam',
          target: { type: kind, id },
        });
      });
      metrics.suspectedSpam.inc({ event: 'released' });
      return { kind, id };
    },
  };
}

export type SpamService = ReturnType<typeof createSpamService>;
