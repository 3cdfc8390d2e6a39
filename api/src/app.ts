import Router from '@koa/router';
import Koa from 'koa';
import { adminHandlers } from './admin/admin.routes.ts';
import { createAuthService } from './admin/auth/auth.service.ts';
import { createOriginCheck } from './admin/auth/origin.ts';
import { adminLeadHandlers } from './admin/leads/admin-leads.routes.ts';
import { createAdminLeadsService } from './admin/leads/admin-leads.service.ts';
import type { Config } from './config.ts';
import { loadContract, type Contract } from './contract/load.ts';
import type { Db } from './db/pool.ts';
import { HttpError } from './http/errors.ts';
import type { Logger } from './http/logger.ts';
import { mountContract } from './http/mount.ts';
import { errorMiddleware } from './http/problem.ts';
import { requestContext } from './http/request-context.ts';
import { leadHandlers } from './forms/leads.routes.ts';
import { createLeadService } from './forms/leads.service.ts';
import { leadFormPosts } from './forms/lead-form-posts.ts';
import { systemHandlers } from './system/system.routes.ts';
import { securityHeadersFor } from './web/security-headers.ts';
import { staticSite } from './web/static-site.ts';
import { deskMailHandlers } from './admin/mail/desk-mail.routes.ts';
import { createDeskMailService } from './admin/mail/desk-mail.service.ts';
import { createInvitationService } from './admin/leads/invitations.service.ts';
import { createMetrics, requestTimer, type Metrics } from './metrics/metrics.ts';
import { newsletterHandlers } from './newsletter/newsletter.routes.ts';
import { newsletterForms } from './newsletter/newsletter-forms.ts';
import { createNewsletterService } from './newsletter/newsletter.service.ts';
import { createSecrets } from './secrets/secrets.ts';
import { isApiPath } from './http/api-path.ts';
import { deliverDeps, type DeliverDeps } from './webhooks/deliver.ts';
import { webhookHandlers } from './webhooks/webhooks.routes.ts';
import { auditHandlers } from './audit/audit.routes.ts';
import { createAuditService } from './audit/audit.service.ts';
import { createAuthorize } from './admin/team/roles.ts';
import { teamHandlers } from './admin/team/team.routes.ts';
import { notesHandlers } from './admin/notes/notes.routes.ts';
import { createNotesService } from './admin/notes/notes.service.ts';
import { assignmentHandlers } from './admin/assignment/assignment.routes.ts';
import { createAssignmentService } from './admin/assignment/assignment.service.ts';
import { createTeamService } from './admin/team/team.service.ts';
import { createTeamInvitations } from './admin/team/invitations.service.ts';
import type { SingleSignOnProvider } from './admin/sso/provider.ts';
import { singleSignOnHandlers } from './admin/sso/sso.routes.ts';
import { createSingleSignOn } from './admin/sso/sso.service.ts';
import { privacyHandlers } from './admin/privacy/privacy.routes.ts';
import { createPrivacyService } from './admin/privacy/privacy.service.ts';
import { createWebhookService } from './webhooks/webhooks.service.ts';
import { createSpamCheck } from './forms/spam-check.ts';
import { spamHandlers } from './spam/spam.routes.ts';
import { demoHandlers } from './demos/demos.routes.ts';
import { agendaHandlers } from './demos/agenda.routes.ts';
import { createAgendaService } from './demos/agenda.service.ts';
import { createScheduleService } from './demos/schedule.service.ts';
import { createBookingService } from './demos/booking.service.ts';
import { DEMO_TIMES_PAGE, demoBookingPages } from './demos/booking-pages.ts';
import { demoManagePages } from './demos/manage-pages.ts';
import { createManageService } from './demos/manage.service.ts';
import { createSpamService } from './spam/spam.service.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  log: Logger;
  contract?: Contract;
  /** The process's metrics (server.ts); a fresh registry when not given. */
  metrics?: Metrics;
  /** What webhook deliveries use; server.ts shares one with its job runner. */
  webhooks?: DeliverDeps;
  /** The identity provider, discovered at start when OIDC_ISSUER is set (docs/operations.md#single-sign-on). */
  singleSignOn?: SingleSignOnProvider;
}

/** Builds the whole app without listening, so tests can run it on a fresh database over real HTTP. */
export function createApp({
  db,
  config,
  log,
  contract = loadContract(config.openapiPath),
  metrics = createMetrics(db),
  webhooks = deliverDeps(db, config, log),
  singleSignOn,
}: AppDeps): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  // Koa's own error printer would duplicate ours; everything goes through errorMiddleware.
  app.silent = true;

  const auth = createAuthService(db, config, log);
  const sso = createSingleSignOn(db, config, log, auth, singleSignOn);
  const adminLeads = createAdminLeadsService(db);
  const secrets = createSecrets(db);
  const newsletter = createNewsletterService(db, secrets);
  const booking = createBookingService(db, secrets);
  // The contract's paths exactly: `/api/Contact` or `/api/contact/` would slip past nginx's
  // per-path limits, which match the exact spelling (docs/product.md#talking-to-the-api).
  const router = new Router({ sensitive: true, strict: true });
  mountContract(
    router,
    contract,
    {
      ...systemHandlers(db),
      ...leadHandlers(
        createLeadService(db, config, log, metrics),
        createSpamCheck(db, config, metrics),
        async (ctx, id) => {
          // The lead is stored: a failure here costs the prospect the exact times, never the lead.
          const picking = await booking.allowPicking(ctx, id).catch((err: unknown) => {
            log.warn(
              { err, requestId: ctx.state.requestId },
              'a demo request could not be offered exact times',
            );
            return false;
          });
          // Posted without JavaScript, the form then lands on the page of times (lead-form-posts.ts).
          if (picking) ctx.state.formSentPage = DEMO_TIMES_PAGE;
        },
      ),
      ...spamHandlers(createSpamService(db, metrics)),
      ...adminHandlers(auth, adminLeads, sso),
      ...singleSignOnHandlers(sso),
      ...adminLeadHandlers(adminLeads, log),
      ...newsletterHandlers(newsletter),
      ...deskMailHandlers(
        createDeskMailService(db, Boolean(config.smtpUrl)),
        createInvitationService(db, config.mailFrom, secrets),
      ),
      ...webhookHandlers(createWebhookService(webhooks, config), log),
      ...teamHandlers(createTeamService(db), createTeamInvitations(db, config, auth.startSessionFor)),
      ...assignmentHandlers(createAssignmentService(db)),
      ...auditHandlers(createAuditService(db), log),
      ...notesHandlers(createNotesService(db)),
      ...privacyHandlers(createPrivacyService(db, config.retention)),
      ...demoHandlers(createScheduleService(db), booking),
      ...agendaHandlers(createAgendaService(db)),
    },
    {
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      authenticate: auth.authenticate,
      authorize: createAuthorize(contract.roles),
      checkOrigin: createOriginCheck(config.allowedOrigins),
    },
  );

  app.use(requestContext(log, config.trustProxy));
  // Serving the site too (npm start), this server is what browsers reach: it sends the headers
  // nginx sends in the Docker stack, on pages, /admin and API answers alike.
  if (config.staticDir) app.use(securityHeadersFor(config.staticDir));
  app.use(requestTimer(metrics));
  app.use(errorMiddleware(log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  // Lead forms posted without JavaScript: the same operations, answered with pages for people.
  app.use(leadFormPosts(contract, log));
  app.use(router.routes());
  app.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) return next();
    // A known path with the wrong method is 405; anything else under /api is 404, both as problems.
    const matched = router.match(ctx.path, ctx.method);
    if (matched.path.length > 0) {
      const allowed = [...new Set(matched.path.flatMap((l) => l.methods))].join(', ');
      throw new HttpError(405, 'Method Not Allowed', `Use ${allowed} on ${ctx.path}.`, {
        headers: { Allow: allowed },
      });
    }
    throw new HttpError(404, 'Not Found', `There is no API endpoint at ${ctx.path}.`);
  });
  // The newsletter link pages' forms without JavaScript (nginx passes them on in the Docker stack).
  app.use(newsletterForms(newsletter, log));
  // The demo request's times without JavaScript (nginx passes that page on in the Docker stack).
  app.use(demoBookingPages(booking, config, log));
  app.use(demoManagePages(createManageService(db, secrets), config, log));
  if (config.staticDir) app.use(staticSite(config.staticDir));
  return app;
}
