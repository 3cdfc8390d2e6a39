import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { notFound } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import type { Handlers } from '../http/typed.ts';
import { createAuthService, type AdminPrincipal } from './auth/auth.service.ts';
import * as leads from './leads/admin-leads.repo.ts';
import { csvStream } from './leads/csv.ts';
import { contactKind, demoKind, getStartedKind, newsletterKind, type LeadKind } from './leads/lead-kinds.ts';

type Deps = { db: Db; config: Config; log: Logger };
type AdminOps = Exclude<
  keyof Handlers,
  'getHealth' | 'createContact' | 'createGetStartedRequest' | 'createDemoRequest' | 'subscribeNewsletter'
>;

export function createAdminSecurity({ db, config, log }: Deps) {
  const auth = createAuthService(db, config, log);
  return { authenticate: auth.authenticate, checkOrigin: auth.checkOrigin };
}

function exportTo<T>(ctx: Context, db: Db, kind: LeadKind<T>, name: string, q: string | undefined): void {
  const stamp = new Date().toISOString().slice(0, 10);
  ctx.status = 200;
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}-${stamp}.csv"`);
  ctx.body = csvStream(
    kind.csv.map((c) => c.header),
    leads.csvBatches(db, kind, q),
  );
}

export function adminHandlers({ db, config, log }: Deps): Pick<Handlers, AdminOps> {
  const auth = createAuthService(db, config, log);
  const principal = (ctx: Context) => ctx.state.admin as AdminPrincipal;
  const session = (p: AdminPrincipal) => ({ username: p.username, expiresAt: p.expiresAt.toISOString() });

  return {
    adminLogin: async ({ body, ctx }) => ({
      status: 200,
      body: session(await auth.login(ctx, body.username, body.password)),
    }),
    adminLogout: async ({ ctx }) => {
      await auth.logout(ctx);
      return { status: 204 };
    },
    getAdminSession: ({ ctx }) => ({ status: 200, body: session(principal(ctx)) }),
    getAdminOverview: async () => ({ status: 200, body: await leads.overview(db) }),

    listContacts: async ({ query }) => {
      const page = await leads.listPage(db, contactKind, {
        limit: query.limit ?? 50,
        cursor: query.cursor,
        q: query.q,
      });
      const { items, ...paging } = page;
      return { status: 200, body: { contacts: items, ...paging } };
    },
    listDemoRequests: async ({ query }) => {
      const page = await leads.listPage(db, demoKind, {
        limit: query.limit ?? 50,
        cursor: query.cursor,
        q: query.q,
      });
      const { items, ...paging } = page;
      return { status: 200, body: { demos: items, ...paging } };
    },
    listGetStartedRequests: async ({ query }) => {
      const page = await leads.listPage(db, getStartedKind, {
        limit: query.limit ?? 50,
        cursor: query.cursor,
        q: query.q,
      });
      const { items, ...paging } = page;
      return { status: 200, body: { requests: items, ...paging } };
    },
    listNewsletterSubscribers: async ({ query }) => {
      const page = await leads.listPage(db, newsletterKind, {
        limit: query.limit ?? 50,
        cursor: query.cursor,
        q: query.q,
      });
      const { items, ...paging } = page;
      return { status: 200, body: { newsletters: items, ...paging } };
    },

    exportContacts: ({ ctx, query }) => exportTo(ctx, db, contactKind, 'contacts', query.q),
    exportDemoRequests: ({ ctx, query }) => exportTo(ctx, db, demoKind, 'demo-requests', query.q),
    exportGetStartedRequests: ({ ctx, query }) =>
      exportTo(ctx, db, getStartedKind, 'get-started-requests', query.q),
    exportNewsletterSubscribers: ({ ctx, query }) =>
      exportTo(ctx, db, newsletterKind, 'newsletter-subscribers', query.q),

    updateDemoRequest: async ({ params, body, ctx }) => {
      const demo = await leads.updateStatus(db, demoKind, params.id, body.status);
      if (!demo) throw notFound(`There is no demo request ${params.id}.`);
      log.info(
        {
          requestId: ctx.state.requestId,
          admin: principal(ctx).username,
          id: params.id,
          status: body.status,
        },
        'demo status changed',
      );
      return { status: 200, body: demo };
    },
    updateGetStartedRequest: async ({ params, body, ctx }) => {
      const request = await leads.updateStatus(db, getStartedKind, params.id, body.status);
      if (!request) throw notFound(`There is no get-started request ${params.id}.`);
      log.info(
        {
          requestId: ctx.state.requestId,
          admin: principal(ctx).username,
          id: params.id,
          status: body.status,
        },
        'get-started status changed',
      );
      return { status: 200, body: request };
    },
    updateNewsletterSubscriber: async ({ params, body, ctx }) => {
      const subscriber = await leads.updateSubscriber(db, newsletterKind, params.id, body.isActive);
      if (!subscriber) throw notFound(`There is no subscriber ${params.id}.`);
      log.info(
        {
          requestId: ctx.state.requestId,
          admin: principal(ctx).username,
          id: params.id,
          isActive: body.isActive,
        },
        'subscriber changed',
      );
      return { status: 200, body: subscriber };
    },
  };
}
