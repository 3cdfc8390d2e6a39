import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import type { Handlers } from '../http/typed.ts';
import { createLeadService, type Submission } from './leads.service.ts';

type LeadOps = 'createContact' | 'createGetStartedRequest' | 'createDemoRequest' | 'subscribeNewsletter';

/** A filled-in honeypot marks a bot: it is told "accepted" and nothing is stored. */
const isBot = (body: { website?: string }) => Boolean(body.website);
const BOT_ANSWER = { status: 202 as const, body: { accepted: true as const } };

function submission(ctx: Context, operationId: LeadOps, body: object): Submission {
  const { website: _honeypot, ...fields } = body as Record<string, unknown>;
  return {
    operationId,
    clientIp: ctx.ip,
    idempotencyKey: ctx.get('Idempotency-Key') || undefined,
    body: fields,
  };
}

export function leadHandlers({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: Logger;
}): Pick<Handlers, LeadOps> {
  const leads = createLeadService(db, config, log);
  return {
    createContact: async ({ body, ctx }) => {
      if (isBot(body)) return BOT_ANSWER;
      return leads.contact(submission(ctx, 'createContact', body), {
        name: body.name,
        email: body.email.toLowerCase(),
        phone: body.phone ?? '',
        company: body.company ?? '',
        service: body.service ?? '',
        message: body.message,
      });
    },
    createDemoRequest: async ({ body, ctx }) => {
      if (isBot(body)) return BOT_ANSWER;
      return leads.demo(submission(ctx, 'createDemoRequest', body), {
        name: body.name,
        email: body.email.toLowerCase(),
        phone: body.phone ?? '',
        company: body.company ?? '',
        preferredDate: body.preferredDate ?? '',
        preferredTime: body.preferredTime ?? '',
        message: body.message ?? '',
      });
    },
    createGetStartedRequest: async ({ body, ctx }) => {
      if (isBot(body)) return BOT_ANSWER;
      return leads.getStarted(submission(ctx, 'createGetStartedRequest', body), {
        name: body.name,
        email: body.email.toLowerCase(),
        phone: body.phone ?? '',
        company: body.company ?? '',
        service: body.service ?? '',
        monthlyVolume: body.monthlyVolume ?? '',
        message: body.message ?? '',
      });
    },
    subscribeNewsletter: async ({ body, ctx }) => {
      if (isBot(body)) return BOT_ANSWER;
      return leads.subscribe(submission(ctx, 'subscribeNewsletter', body), body.email.toLowerCase());
    },
  };
}
