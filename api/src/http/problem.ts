import type { Context, Middleware } from 'koa';
import type { Role } from '../contract/load.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { HttpError, unauthorized, unavailable, type Problem } from './errors.ts';
import { createLogSampler } from './log-sampler.ts';
import type { Logger } from './logger.ts';

const TYPE_BASE = 'https://httpstatuses.io/';

/**
 * The audit log's trigger refused an entry by an account deactivated while its request ran: the
 * change rolled back, and the request is answered as a signed-out one (docs/operations.md#deactivation).
 */
const isDeactivatedActor = (err: unknown) => (err as { code?: unknown })?.code === 'LD401';

/**
 * The same trigger refused an entry by an account whose role, changed while its request ran, is
 * below the role the request needs (docs/operations.md#roles): the change rolled back, and the
 * answer is the role check's 403, naming the role needed (the error's detail) and the role now held.
 */
function demotedActor(err: unknown): HttpError | undefined {
  const e = err as { code?: unknown; detail?: Role; hint?: Role };
  if (e?.code !== 'LD403' || !e.detail) return undefined;
  return new HttpError(
    403,
    'Forbidden',
    `This needs the ${e.detail} role or a higher one; your role is now ${e.hint ?? 'another one'}.`,
    { extensions: { requiredRole: e.detail } },
  );
}

/** Errors thrown by Koa or its body parser carry a status; only 4xx of those are the client's doing. */
function clientError(err: unknown): HttpError | undefined {
  const e = err as { status?: number; expose?: boolean; type?: string; message?: string };
  if (typeof e?.status !== 'number' || e.status < 400 || e.status >= 500) return undefined;
  switch (e.status) {
    case 413:
      return new HttpError(413, 'Content Too Large', 'The request body is larger than the server accepts.');
    case 415:
      return new HttpError(415, 'Unsupported Media Type', 'Send the body as application/json.');
    case 400:
      return new HttpError(
        400,
        'Bad Request',
        e.type === 'entity.parse.failed' || e.type === undefined
          ? 'The body is not valid JSON.'
          : 'The request could not be read.',
      );
    default:
      return new HttpError(
        e.status,
        'Bad Request',
        e.expose ? e.message : 'The request could not be processed.',
      );
  }
}

export function problemBody(ctx: Context, err: HttpError): Problem {
  return {
    type: `${TYPE_BASE}${err.status}`,
    title: err.title,
    status: err.status,
    detail: err.message,
    instance: ctx.path,
    requestId: ctx.state.requestId as string,
    ...(err.errors ? { errors: err.errors } : {}),
    ...err.extensions,
  };
}

/**
 * The one place errors become answers: problem+json, logged with the request id, no internals.
 * Refusals made on purpose (429, a busy hasher's 503) are expected under attack: a warning without
 * a stack, at most one a second per route and status (docs/operations.md#logs).
 */
export function errorMiddleware(log: Logger): Middleware {
  const sampler = createLogSampler();
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      let problem: HttpError;
      if (err instanceof HttpError) problem = err;
      else if (isDatabaseUnavailable(err)) problem = unavailable(err);
      else if (isDeactivatedActor(err)) problem = unauthorized('Your account has been deactivated.');
      else
        problem =
          demotedActor(err) ??
          clientError(err) ??
          new HttpError(500, 'Internal Server Error', 'Something went wrong on our side.');

      const fields = {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: problem.status,
      };
      if (problem.refusal) {
        const route = String((ctx as { _matchedRoute?: unknown })._matchedRoute ?? 'unrouted');
        const skipped = sampler.take(`${problem.status} ${ctx.method} ${route}`);
        if (skipped !== undefined)
          log.warn({ ...fields, detail: problem.message, alsoRefused: skipped }, problem.title);
      } else if (problem.status >= 500) log.error({ ...fields, err }, problem.title);
      else log.info({ ...fields, detail: problem.message }, problem.title);

      if (ctx.headerSent || !ctx.writable) return;
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.type = 'application/problem+json';
      ctx.body = problemBody(ctx, problem);
    }
  };
}
