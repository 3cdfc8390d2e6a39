import type { Middleware } from 'koa';
import type { Contract, Operation } from '../contract/load.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { seeOther } from '../http/redirect.ts';
import { HttpError } from '../http/errors.ts';
import { isFormMediaType } from '../http/json-body.ts';
import type { Logger } from '../http/logger.ts';

/** The words and places of a form, from its body schema's `x-form` in the contract. */
interface FormWords {
  failed: string;
  /** The site's page a form post lands on once accepted. */
  sent: string;
}

const formWordsOf = (op: Operation) => op.body!.schema['x-form'] as FormWords;

/** The lead operations a browser's form posts to: those whose body the contract also takes as a form. */
const formOperations = (contract: Contract) =>
  [...contract.operations.values()].filter((op) => op.tags.includes('leads') && op.body?.formSchema);

/**
 * Why a post was refused, as the visitor is told it: the server's explanation (a field's rule in
 * the contract's words, the rate limit), or none when the database cannot answer. Faults no
 * browser's form makes (an unreadable body, a wrong charset, a reused Idempotency-Key) are not
 * refusals: they keep their problem answers.
 */
function refusalOf(err: unknown): { status: number; detail?: string } | undefined {
  if (isDatabaseUnavailable(err)) return { status: 503 };
  if (!(err instanceof HttpError)) return undefined;
  if (err.status === 400 && err.errors) return { status: 400, detail: err.message };
  if (err.status === 429) return { status: 429, detail: err.message };
  if (err.status === 503) return { status: 503 };
  return undefined;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The one page a refused form post gets: the form's failure notice in the spec's words (its title,
 * then the server's explanation or "Please try again later."), and the way back to the form as it
 * was typed: the browser's Back, which restores the form's fields.
 */
function refusedPage(words: FormWords, detail: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(words.failed)} | TextFlow</title>
</head>
<body>
<main role="alert">
<h1>${escape(words.failed)}</h1>
<p>${escape(detail ?? 'Please try again later.')}</p>
<p>Go back to the form with your browser's Back button: what you typed is still there.</p>
</main>
</body>
</html>
`;
}

/**
 * A lead form posted by a browser without JavaScript (docs/product.md#forms-without-javascript):
 * the same operation as the JSON one runs (validation, honeypot, rate limit, idempotency).
 * Accepted: a redirect to the form's success page on the site. Refused: one page saying so, with
 * the refusal's status; what was typed stays in the form the visitor goes back to (never in a
 * URL, a log or the database). JSON posts pass untouched.
 */
export function leadFormPosts(contract: Contract, log: Logger): Middleware {
  const byPath = new Map(formOperations(contract).map((op) => [op.path, op]));
  return async (ctx, next) => {
    const op = ctx.method === 'POST' ? byPath.get(ctx.path) : undefined;
    if (!op || isFormMediaType(ctx) === 'type') return next();
    try {
      await next();
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal || ctx.state.formBody === undefined) throw err;
      const fields = err instanceof HttpError ? (err.errors ?? []).map((e) => e.path) : [];
      log.info(
        { requestId: ctx.state.requestId, path: ctx.path, status: refusal.status, fields },
        'a lead form post was refused',
      );
      ctx.status = refusal.status;
      if (err instanceof HttpError) ctx.set(err.headers);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = refusedPage(formWordsOf(op), refusal.detail);
      return;
    }
    // A handler may name a page of its own for this lead (a demo request's times to pick,
    // docs/demo-slots.md#picking-a-time); else the form's page for a sent lead.
    if (ctx.status >= 200 && ctx.status < 300)
      seeOther(ctx, (ctx.state.formSentPage as string | undefined) ?? formWordsOf(op).sent);
  };
}
