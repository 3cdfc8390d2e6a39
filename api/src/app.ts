import Router from '@koa/router';
import Koa from 'koa';
import { adminHandlers, createAdminSecurity } from './admin/admin.routes.ts';
import type { Config } from './config.ts';
import { loadContract, type Contract } from './contract/load.ts';
import type { Db } from './db/pool.ts';
import { HttpError } from './http/errors.ts';
import type { Logger } from './http/logger.ts';
import { mountContract } from './http/mount.ts';
import { errorMiddleware } from './http/problem.ts';
import { requestContext } from './http/request-context.ts';
import { leadHandlers } from './leads/leads.routes.ts';
import { systemHandlers } from './system/system.routes.ts';
import { staticSite } from './web/static-site.ts';
import { isApiPath } from './http/api-path.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  log: Logger;
  contract?: Contract;
}

/** Builds the whole app without listening, so tests can run it on a fresh database over real HTTP. */
export function createApp({ db, config, log, contract = loadContract() }: AppDeps): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  // Koa's own error printer would duplicate ours; everything goes through errorMiddleware.
  app.silent = true;

  const security = createAdminSecurity({ db, config, log });
  const router = new Router();
  mountContract(
    router,
    contract,
    { ...systemHandlers(db), ...leadHandlers({ db, config, log }), ...adminHandlers({ db, config, log }) },
    {
      bodyLimitBytes: config.bodyLimitBytes,
      authenticate: security.authenticate,
      checkOrigin: security.checkOrigin,
    },
  );

  app.use(requestContext(log, config.trustProxy));
  app.use(errorMiddleware(log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
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
  if (config.staticDir) app.use(staticSite(config.staticDir));
  return app;
}
