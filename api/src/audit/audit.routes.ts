import type { Context } from 'koa';
import type { Logger } from '../http/logger.ts';
import type { Handlers, Query } from '../http/typed.ts';
import type { AuditFilters } from './audit.repo.ts';
import { requestSource } from './audit.ts';
import type { AuditService } from './audit.service.ts';

type Ops = 'listAuditEntries' | 'exportAuditEntries';

const filtersOf = (q: Query<'exportAuditEntries'>): AuditFilters => ({
  actorKind: q.actorKind,
  actorId: q.actorId,
  action: q.action,
  targetType: q.targetType,
  targetId: q.targetId,
  from: q.from,
  to: q.to,
});

/** The audit page's operations (admins only, by the contract's x-required-role). */
export function auditHandlers(audit: AuditService, log: Logger): Pick<Handlers, Ops> {
  const failed = (ctx: Context) => (err: Error) => {
    log.error(
      { requestId: ctx.state.requestId, event: 'export.failed', kind: 'audit', err },
      'CSV export failed',
    );
    ctx.res.destroy(err);
  };
  return {
    listAuditEntries: async ({ query }) => ({
      status: 200,
      body: await audit.list(filtersOf(query), query.limit ?? 50, query.cursor),
    }),
    exportAuditEntries: async ({ query, ctx }) => {
      const stream = await audit.exportCsv(filtersOf(query), requestSource(ctx));
      stream.once('error', failed(ctx));
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set(
        'Content-Disposition',
        `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      ctx.body = stream;
    },
  };
}
