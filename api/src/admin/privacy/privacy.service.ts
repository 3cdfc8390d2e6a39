import type { components } from '@lead-desk/contract';
import type { RetentionDays } from '../../config.ts';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { kindBySlug } from '../../leads/lead-kinds.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import { namesOnly, type AuditSource } from '../../audit/audit.ts';
import { applyCorrection, lockForCorrection, type CorrectableField } from './correction.repo.ts';
import { eraseLeads, leadsOfAddress, type LeadRef } from './erasure.repo.ts';
import { addressOfLead, holdsByAddress, personalData } from './personal-data.repo.ts';

type S = components['schemas'];

export interface PersonQuery {
  email?: string;
  leadKind?: S['LeadKind'];
  leadId?: number;
}

/** An address as the product stores and compares it: trimmed, lower-cased (docs/product.md#personal-data). */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

const CORRECTABLE: Record<S['LeadKind'], CorrectableField[]> = {
  contact: ['name', 'email', 'phone', 'company'],
  demo: ['name', 'email', 'phone', 'company'],
  'get-started': ['name', 'email', 'phone', 'company'],
  newsletter: ['email'],
};

/**
 * A person's data on request (docs/product.md#personal-data): find it by address or by one of
 * their leads, export it, correct a lead, erase it all. Every step is in the audit log, with lead
 * ids and field names, never the personal data itself.
 */
export function createPrivacyService(db: Db, retention: RetentionDays) {
  /**
   * The person's address and leads; 404 when nothing is held: no lead, and nothing kept by the
   * address either (a lead held as suspected spam, a refused form post, an idempotency key).
   */
  async function resolve(q: PersonQuery): Promise<{ email: string | null; refs: LeadRef[] }> {
    const byLead = q.leadKind !== undefined || q.leadId !== undefined;
    if (q.email !== undefined && byLead)
      throw badRequest('Give either an email address or a lead, not both.', [
        { path: '/query/email', message: 'Give either email or leadKind and leadId' },
      ]);
    if (q.email !== undefined) {
      const email = normaliseAddress(q.email);
      const refs = await leadsOfAddress(db, email);
      if (refs.length === 0 && !(await holdsByAddress(db, email)))
        throw notFound('Nothing is held about this address.');
      return { email, refs };
    }
    if (q.leadKind === undefined || q.leadId === undefined)
      throw badRequest('Give an email address, or a lead kind and id.', [
        {
          path: q.leadKind === undefined ? '/query/leadKind' : '/query/leadId',
          message: 'Give email, or leadKind and leadId',
        },
      ]);
    const ref = { kind: q.leadKind, id: q.leadId };
    const email = await addressOfLead(db, ref);
    if (email === undefined) throw notFound(`There is no ${kindBySlug(ref.kind)!.noun} ${ref.id}.`);
    // An erased lead is still there, without a person to look for.
    if (email === '') return { email: null, refs: [ref] };
    return { email, refs: await leadsOfAddress(db, email) };
  }

  async function gather(
    q: PersonQuery,
    source: AuditSource,
    action: 'personal-data.searched' | 'personal-data.exported',
  ) {
    const { email, refs } = await resolve(q);
    const data = await personalData(db, email, refs);
    await insertAuditEntry(db, source, {
      action,
      details: { by: q.email !== undefined ? 'email' : 'lead', leads: refs },
    });
    return data;
  }

  return {
    find: (q: PersonQuery, source: AuditSource) => gather(q, source, 'personal-data.searched'),
    export: (q: PersonQuery, source: AuditSource) => gather(q, source, 'personal-data.exported'),

    /** Everything from this address, in one transaction, and `person.erased` with the lead ids. */
    erase(address: string, source: AuditSource): Promise<S['Erasure']> {
      const email = normaliseAddress(address);
      return inTransaction(db, async (client) => {
        const refs = await leadsOfAddress(client, email);
        if (refs.length === 0 && !(await holdsByAddress(client, email)))
          throw notFound('Nothing is held about this address.');
        const erased = await eraseLeads(client, refs, [email], 'request');
        await insertAuditEntry(client, source, { action: 'person.erased', details: { leads: erased.leads } });
        return erased;
      });
    },

    /** Corrects the given fields of one lead; the audit log gets the names of those that changed. */
    correct(
      slug: S['LeadKind'],
      id: number,
      input: S['LeadCorrection'],
      source: AuditSource,
    ): Promise<S['LeadCorrected']> {
      const kind = kindBySlug(slug)!;
      const given = Object.entries(input) as [CorrectableField, string][];
      const refused = given.filter(([f]) => !CORRECTABLE[slug].includes(f));
      if (refused.length > 0)
        throw badRequest(
          `A ${kind.noun} has no ${refused.map(([f]) => f).join(', ')}.`,
          refused.map(([f]) => ({
            path: `/${f}`,
            message: `A ${kind.noun} has no ${f}`,
          })),
        );
      return inTransaction(db, async (client) => {
        const lead = await lockForCorrection(client, kind, id);
        if (!lead) throw notFound(`There is no ${kind.noun} ${id}.`);
        if (lead.erased)
          throw new HttpError(409, 'Conflict', 'This lead was erased; there is nothing to correct.');
        const changes = given
          .map(([f, v]) => [f, f === 'email' ? normaliseAddress(v) : v] as [CorrectableField, string])
          .filter(([f, v]) => lead.values[f] !== v);
        if (changes.length > 0) {
          await applyCorrection(client, kind, id, changes).catch((err: unknown) => {
            if ((err as { code?: string }).code === '23505')
              throw new HttpError(409, 'Conflict', 'This address is already subscribed.');
            throw err;
          });
          await insertAuditEntry(client, source, {
            action: 'lead.corrected',
            target: { type: slug, id },
            changes: namesOnly(changes.map(([f]) => f)),
          });
        }
        return { lead: { kind: slug, id }, changed: changes.map(([f]) => f) };
      });
    },

    retention: (): S['RetentionSettings'] => ({ ...retention }),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
