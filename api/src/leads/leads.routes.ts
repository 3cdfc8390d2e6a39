// PLACEHOLDER until the leads helper lands its work.
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import type { Handlers } from '../http/typed.ts';
type LeadOps = 'createContact' | 'createGetStartedRequest' | 'createDemoRequest' | 'subscribeNewsletter';
const todo = () => { throw new HttpError(501, 'Not Implemented', 'todo'); };
export function leadHandlers(_deps: { db: Db; config: Config; log: Logger }): Pick<Handlers, LeadOps> {
  return { createContact: todo, createGetStartedRequest: todo, createDemoRequest: todo, subscribeNewsletter: todo };
}
