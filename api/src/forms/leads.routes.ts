import type { Context } from 'koa';
import { CURRENT_WORDING } from '../newsletter/newsletter.service.ts';
import type { HandlerInput, HandlerResult, Handlers } from '../http/typed.ts';
import { contactKind, demoKind, getStartedKind } from '../leads/lead-kinds.ts';
import type { BatchedKind, LeadService, Submission } from './leads.service.ts';
import type { SpamCheckService } from './spam-check.ts';

type CreateOps = 'createContact' | 'createGetStartedRequest' | 'createDemoRequest';
type LeadOps = CreateOps | 'subscribeNewsletter';

/** A filled-in honeypot marks a bot: it is told "accepted" and nothing is stored (docs/product.md#leads). */
const isBot = (body: { website?: string }) => Boolean(body.website);
const BOT_ANSWER = { status: 202 as const, body: { accepted: true as const } };

function submission(ctx: Context, operationId: LeadOps, body: object): Submission {
  // The proof-of-work solution is no part of the lead, nor of what a retry must repeat: a retry
  // may bring a new one (docs/product.md#spam).
  const { website: _honeypot, altcha: _solution, ...fields } = body as Record<string, unknown>;
  return {
    operationId,
    clientIp: ctx.ip,
    idempotencyKey: ctx.get('Idempotency-Key') || undefined,
    body: fields,
  };
}

/**
 * A submission's values in its kind's column order: emails lower-cased, optional fields left out
 * stored as '' (docs/product.md#forms). The contract has already checked and trimmed every field.
 */
function columnValues(kind: BatchedKind, body: Record<string, unknown>): string[] {
  return kind.inserts.map(({ field }) => {
    const value = (body[field] as string | undefined) ?? '';
    return field === 'email' ? value.toLowerCase() : value;
  });
}

/** One handler for every kind of lead the batched insert stores (their answers are alike). */
function createLead(operationId: CreateOps, kind: BatchedKind, leads: LeadService, spam: SpamCheckService) {
  return async ({ body, ctx }: HandlerInput<CreateOps>): Promise<HandlerResult<CreateOps>> => {
    if (isBot(body)) return BOT_ANSWER;
    const s = submission(ctx, operationId, body);
    const verdict = spam.check(body.altcha);
    return leads.create(kind, s, columnValues(kind, s.body), verdict);
  };
}

/**
 * `demoCreated`: what follows a stored demo request in the same answer (this browser may pick an
 * exact time, docs/demo-slots.md#picking-a-time); a failure there leaves the answer as it is.
 */
export function leadHandlers(
  leads: LeadService,
  spam: SpamCheckService,
  demoCreated: (ctx: Context, id: number) => Promise<void> = async () => {},
): Pick<Handlers, LeadOps | 'getSpamChallenge'> {
  const createDemo = createLead('createDemoRequest', demoKind, leads, spam);
  return {
    getSpamChallenge: async ({ ctx }) => {
      // Every form opened asks for one: no request line each (docs/operations.md#logs); a flood's
      // refusals still write their sampled line, and the metrics count what was issued.
      ctx.state.requestLogLevel = 'debug';
      ctx.set('Cache-Control', 'no-store');
      return {
        status: 200,
        body: (await spam.issue(ctx.ip)) as {
          algorithm: 'SHA-256';
          challenge: string;
          maxnumber: number;
          salt: string;
          signature: string;
        },
      };
    },
    createContact: createLead('createContact', contactKind, leads, spam),
    createDemoRequest: async (input) => {
      const result = await createDemo(input);
      if (result.status === 201) await demoCreated(input.ctx, result.body.id);
      return result;
    },
    createGetStartedRequest: createLead('createGetStartedRequest', getStartedKind, leads, spam),
    subscribeNewsletter: async ({ body, ctx }) => {
      if (isBot(body)) return BOT_ANSWER;
      const consent = body.consent ?? CURRENT_WORDING;
      return leads.subscribe(submission(ctx, 'subscribeNewsletter', body), body.email.toLowerCase(), consent);
    },
  };
}
