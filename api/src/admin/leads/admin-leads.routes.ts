import type { Context } from 'koa';
import type { Logger } from '../../http/logger.ts';
import type { Handler, Handlers, OperationId, PathParams, Query, RequestBody } from '../../http/typed.ts';
import {
  contactKind,
  demoKind,
  getStartedKind,
  newsletterKind,
  type LeadKind,
} from '../../leads/lead-kinds.ts';
import type { AdminPrincipal } from '../../http/principal.ts';
import { requestSource } from '../../audit/audit.ts';
import type { AdminLeadsService } from './admin-leads.service.ts';
import type { AssigneeFilter, LeadFilter } from './filters.repo.ts';

type ListOps = 'listContacts' | 'listDemoRequests' | 'listGetStartedRequests' | 'listNewsletterSubscribers';
type GetOps = 'getContact' | 'getDemoRequest' | 'getGetStartedRequest' | 'getNewsletterSubscriber';
type ExportOps =
  'exportContacts' | 'exportDemoRequests' | 'exportGetStartedRequests' | 'exportNewsletterSubscribers';
type UpdateOps = 'updateDemoRequest' | 'updateGetStartedRequest' | 'updateNewsletterSubscriber';
type Kind = LeadKind<unknown>;
type AnyInput = { query: unknown; params: unknown; body: unknown; ctx: Context };
type AnyHandler = (input: AnyInput) => Promise<unknown> | unknown;
/** The factories below serve several operations at once; what each answers is checked against the
 * contract by the API tests (expectContract), and each kind's row shape by its toApi. */
const as = <O extends OperationId>(handler: AnyHandler) => handler as unknown as Handler<O>;

/** The `assignee` search param (`me`, `none` or an account id) as the lists read it. */
function assigneeFilter(value: string | undefined, ctx: Context): AssigneeFilter {
  if (value === undefined) return undefined;
  if (value === 'me') return (ctx.state.admin as AdminPrincipal).adminId;
  return value === 'none' ? 'none' : Number(value);
}

/** A list's or export's filters; subscribers have no attribution, so no `source` or `campaign`. */
const filterOf = (
  q: { q?: string; assignee?: string; source?: string; campaign?: string },
  ctx: Context,
): LeadFilter => ({
  q: q.q,
  assignee: assigneeFilter(q.assignee, ctx),
  source: q.source,
  campaign: q.campaign,
});

/**
 * The desk's lead operations: one handler of each sort, given a kind. The kinds differ in data (their
 * table, columns and the array name the contract gives each list), not in code.
 */
export function adminLeadHandlers(
  leads: AdminLeadsService,
  log: Logger,
): Pick<Handlers, ListOps | GetOps | ExportOps | UpdateOps> {
  /** One page, under the list's own array name (`contacts`, `demos`, `requests`, `newsletters`). */
  const list = <O extends ListOps>(kind: Kind, field: string) =>
    as<O>(async ({ query, ctx }) => {
      const q = query as Query<ListOps>;
      const { items, ...paging } = await leads.list(kind, {
        limit: q.limit ?? 50,
        cursor: q.cursor,
        ...filterOf(q, ctx),
      });
      return { status: 200, body: { [field]: items, ...paging } };
    });

  const get = <O extends GetOps>(kind: Kind) =>
    as<O>(async ({ params }) => ({
      status: 200,
      body: await leads.get(kind, (params as PathParams<GetOps>).id),
    }));

  /**
   * Streams the CSV itself, so it returns nothing. A failure after the first byte cannot become
   * a problem answer any more: the connection is cut, so the download visibly fails instead of
   * ending as a shorter file, and the failure is logged as an error.
   */
  const exportCsv = <O extends ExportOps>(kind: Kind, name: string) =>
    as<O>(async ({ ctx, query }) => {
      const stream = await leads.exportCsv(
        kind,
        filterOf(query as Query<ExportOps>, ctx),
        requestSource(ctx),
      );
      stream.once('error', (err) => {
        log.error(
          { requestId: ctx.state.requestId, event: 'export.failed', kind: kind.noun, err },
          'CSV export failed mid-stream',
        );
        ctx.res.destroy(err);
      });
      const stamp = new Date().toISOString().slice(0, 10);
      ctx.status = 200;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${name}-${stamp}.csv"`);
      ctx.body = stream;
    });

  const update = <O extends UpdateOps>(kind: Kind) =>
    as<O>(async ({ params, body, ctx }) => {
      const { id } = params as PathParams<UpdateOps>;
      const changes = body as RequestBody<UpdateOps>;
      const admin = (ctx.state.admin as AdminPrincipal).username;
      const lead = await leads.update(kind, id, changes, admin, requestSource(ctx));
      log.info({ requestId: ctx.state.requestId, admin, kind: kind.noun, id, changes }, 'lead changed');
      return { status: 200, body: lead };
    });

  return {
    listContacts: list(contactKind, 'contacts'),
    listDemoRequests: list(demoKind, 'demos'),
    listGetStartedRequests: list(getStartedKind, 'requests'),
    listNewsletterSubscribers: list(newsletterKind, 'newsletters'),

    getContact: get(contactKind),
    getDemoRequest: get(demoKind),
    getGetStartedRequest: get(getStartedKind),
    getNewsletterSubscriber: get(newsletterKind),

    exportContacts: exportCsv(contactKind, 'contacts'),
    exportDemoRequests: exportCsv(demoKind, 'demo-requests'),
    exportGetStartedRequests: exportCsv(getStartedKind, 'get-started-requests'),
    exportNewsletterSubscribers: exportCsv(newsletterKind, 'newsletter-subscribers'),

    updateDemoRequest: update(demoKind),
    updateGetStartedRequest: update(getStartedKind),
    updateNewsletterSubscriber: update(newsletterKind),
  };
}
