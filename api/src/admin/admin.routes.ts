// PLACEHOLDER until the admin helper lands its work.
import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import type { Handlers } from '../http/typed.ts';
type Deps = { db: Db; config: Config; log: Logger };
type AdminOps = Exclude<keyof Handlers, 'getHealth' | 'createContact' | 'createGetStartedRequest' | 'createDemoRequest' | 'subscribeNewsletter'>;
const todo = () => { throw new HttpError(501, 'Not Implemented', 'todo'); };
export function createAdminSecurity(_deps: Deps) {
  return { authenticate: async (_ctx: Context) => { throw unauthorized(); }, checkOrigin: (_ctx: Context) => {} };
}
export function adminHandlers(_deps: Deps): Pick<Handlers, AdminOps> {
  return Object.fromEntries(['listGetStartedRequests','exportGetStartedRequests','updateGetStartedRequest','listContacts','exportContacts','listDemoRequests','exportDemoRequests','updateDemoRequest','listNewsletterSubscribers','exportNewsletterSubscribers','updateNewsletterSubscriber','adminLogin','adminLogout','getAdminSession','getAdminOverview'].map((k) => [k, todo])) as never;
}
