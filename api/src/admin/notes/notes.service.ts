import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import { kindBySlug, type LeadKind } from '../../leads/lead-kinds.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';
import * as repo from './notes.repo.ts';

/**
 * Private notes on a lead (docs/product.md#notes): read by everyone in the desk, written by
 * members and above, deleted only by their author within 15 minutes. Each write and deletion is
 * recorded in the audit log in the same transaction, without the note's text.
 */
export function createNotesService(db: Db) {
  const kindOf = (slug: string): LeadKind<unknown> => kindBySlug(slug)!;
  const noLead = (kind: LeadKind<unknown>, id: number) => notFound(`There is no ${kind.noun} ${id}.`);

  return {
    async list(slug: string, leadId: number) {
      const kind = kindOf(slug);
      if (!(await repo.leadExists(db, kind, leadId))) throw noLead(kind, leadId);
      return repo.listNotes(db, kind, leadId);
    },

    create(slug: string, leadId: number, authorId: number, text: string, source: AuditSource) {
      const kind = kindOf(slug);
      return inTransaction(db, async (client) => {
        if (!(await repo.leadExists(client, kind, leadId))) throw noLead(kind, leadId);
        const note = await repo.insertNote(client, kind, leadId, authorId, text);
        await insertAuditEntry(client, source, {
          action: 'note.created',
          target: { type: kind.slug, id: leadId },
          details: { noteId: note.id },
        });
        return note;
      });
    },

    delete(slug: string, leadId: number, noteId: number, by: number, source: AuditSource) {
      const kind = kindOf(slug);
      return inTransaction(db, async (client) => {
        const note = await repo.lockNote(client, kind, leadId, noteId);
        if (!note) throw notFound(`There is no note ${noteId} on ${kind.noun} ${leadId}.`);
        if (note.authorId !== by) throw forbidden('Only the author of a note may delete it.');
        if (note.deleted) throw new HttpError(409, 'Conflict', 'This note is already deleted.');
        if (!note.withinWindow)
          throw new HttpError(
            409,
            'Conflict',
            'A note can be deleted only within 15 minutes of writing it; this one stays.',
          );
        const deleted = await repo.markDeleted(client, noteId, by);
        await insertAuditEntry(client, source, {
          action: 'note.deleted',
          target: { type: kind.slug, id: leadId },
          details: { noteId },
        });
        return deleted;
      });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
