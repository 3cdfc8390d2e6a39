import type { Readable } from 'node:stream';
import type { Db } from '../db/pool.ts';
import { badRequest } from '../http/errors.ts';
import { csvStream } from '../db/csv.ts';
import { auditCsvBatches, insertAuditEntry, listAuditEntries, type AuditFilters } from './audit.repo.ts';
import type { AuditSource } from './audit.ts';

const CURSOR = /^[1-9][0-9]{0,15}$/;

const HEADERS = [
  'at',
  'actor_kind',
  'actor',
  'ip',
  'user_agent',
  'request_id',
  'action',
  'target_type',
  'target_id',
  'changes',
  'details',
];

/** The audit log for the desk (docs/operations.md#audit-log): pages and a CSV export. */
export function createAuditService(db: Db) {
  function checkRange(f: AuditFilters) {
    if (f.from && f.to && Date.parse(f.from) > Date.parse(f.to))
      throw badRequest('The time range ends before it starts.', [
        { path: '/query/to', message: 'to must not be before from' },
      ]);
  }

  return {
    list(f: AuditFilters, limit: number, cursor: string | undefined) {
      if (cursor !== undefined && !CURSOR.test(cursor))
        throw badRequest('A query parameter is invalid.', [
          { path: '/query/cursor', message: 'cursor is invalid' },
        ]);
      checkRange(f);
      return listAuditEntries(db, f, limit, cursor === undefined ? undefined : Number(cursor));
    },

    /** Every matching entry as CSV; the export itself is recorded first, with its filters. */
    async exportCsv(f: AuditFilters, source: AuditSource): Promise<Readable> {
      checkRange(f);
      await insertAuditEntry(db, source, {
        action: 'audit.exported',
        target: { type: 'audit-log', id: null },
        details: { filters: f },
      });
      return csvStream(HEADERS, auditCsvBatches(db, f));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
