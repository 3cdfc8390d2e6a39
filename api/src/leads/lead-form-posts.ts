import type { Middleware } from 'koa';
import type { Contract, Operation } from '../contract/load.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { seeOther } from '../http/redirect.ts';
import { HttpError } from '../http/errors.ts';
import { isFormMediaType } from '../http/json-body.ts';
import type { Handlers } from '../http/typed.ts';
import type { Logger } from '../http/logger.ts';
import type { KeptForms, Refusal } from './kept-forms.ts';
import { formWordsOf, renderExpiredPage, renderFormPage } from './lead-form-page.ts';

/** The lead operations a browser's form posts to: those whose body the contract also takes as a form. */
const formOperations = (contract: Contract) =>
  [...contract.operations.values()].filter((op) => op.tags.includes('leads') && op.body?.formSchema);

/** The site's page for a form the API could not take at all (nginx sends there too). */
const NOT_SENT = '/forms/not-sent';

function refusalOf(err: unknown): Refusal | 'unavailable' | undefined {
  if (isDatabaseUnavailable(err)) return 'unavailable';
  if (!(err instanceof HttpError)) return undefined;
  if (err.status === 400 && err.errors) return 'invalid';
  if (err.status === 429) return 'limited';
  if (err.status === 503) return 'unavailable';
  // An unreadable body, a wrong charset, a reused Idempotency-Key: no browser's form sends these,
  // so they keep their problem answers.
  return undefined;
}

/** The fields of the operation's body as sent, as text; anything else (a stray key) is not kept. */
function sentValues(op: Operation, sent: unknown): Record<string, string> {
  const properties = (op.body!.schema.properties ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  if (sent === null || typeof sent !== 'object') return values;
  for (const [name, value] of Object.entries(sent as Record<string, unknown>))
    if (Object.hasOwn(properties, name) && name !== 'website' && typeof value === 'string')
      values[name] = value;
  return values;
}

/**
 * A lead form posted by a browser without JavaScript (docs/product.md#forms-without-javascript):
 * the same operation as the JSON one runs (validation, honeypot, rate limit, idempotency), and its
 * outcome becomes a redirect to a page for people. Accepted: the form's success page on the site.
 * Refused for a reason a person can act on: the form again, as typed, with the reasons (kept under
 * a random token: the typed text never goes into a URL or a log). JSON posts pass untouched.
 */
export function leadFormPosts(contract: Contract, kept: KeptForms, log: Logger): Middleware {
  const byPath = new Map(formOperations(contract).map((op) => [op.path, op]));
  return async (ctx, next) => {
    const op = ctx.method === 'POST' ? byPath.get(ctx.path) : undefined;
    if (!op || isFormMediaType(ctx) === 'type') return next();
    try {
      await next();
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal || ctx.state.formBody === undefined) throw err;
      const errors = refusal === 'invalid' ? (err as HttpError).errors! : [];
      log.info(
        { requestId: ctx.state.requestId, path: ctx.path, refusal, fields: errors.map((e) => e.path) },
        'a lead form post was refused',
      );
      // Without the database the form cannot be kept either: the browser's Back keeps it instead.
      if (refusal === 'unavailable') return seeOther(ctx, NOT_SENT);
      const values = sentValues(op, ctx.state.formBody);
      const token = await kept
        .keep({ operationId: op.operationId, values, errors, refusal })
        .catch((keepErr: unknown) => {
          if (!isDatabaseUnavailable(keepErr)) throw keepErr;
          return undefined;
        });
      return seeOther(ctx, token ? `/api/forms/${token}` : NOT_SENT);
    }
    if (ctx.status >= 200 && ctx.status < 300) seeOther(ctx, formWordsOf(op)!.sent);
  };
}

/** The page a refused form post lands on (showLeadFormRetry). */
export function leadFormPageHandlers(
  contract: Contract,
  kept: KeptForms,
): Pick<Handlers, 'showLeadFormRetry'> {
  return {
    showLeadFormRetry: async ({ params, ctx }) => {
      const form = await kept.get(params.token).catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) return null;
        throw err;
      });
      if (form === null) return seeOther(ctx, NOT_SENT);
      const op = form && contract.operations.get(form.operationId);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.status = op ? 200 : 404;
      ctx.body = op ? renderFormPage(op, form) : renderExpiredPage();
    },
  };
}
