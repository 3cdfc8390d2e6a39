import type { Middleware } from 'koa';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import type { NewsletterService } from './newsletter.service.ts';

/**
 * Where each page's form without JavaScript lands (docs/product.md#newsletter-without-javascript):
 * the prerendered outcome pages of the site.
 */
const FORMS = {
  '/newsletter/confirm': { done: '/newsletter/confirmed', failed: '/newsletter/confirm-failed' },
  '/newsletter/unsubscribe': { done: '/newsletter/unsubscribed', failed: '/newsletter/unsubscribe-failed' },
} as const;

/**
 * The newsletter link pages' forms for browsers without JavaScript: the page's form posts to its
 * own address, the token still in the query as the email wrote it. The same service as the API's
 * endpoints acts on it; the answer is 303 See Other to the page that tells the outcome, so a reload
 * of that page posts nothing again. A GET of these addresses stays the page (it never acts).
 */
export function newsletterForms(newsletter: NewsletterService, log: Logger): Middleware {
  return async (ctx, next) => {
    const form = ctx.method === 'POST' ? FORMS[ctx.path as keyof typeof FORMS] : undefined;
    if (!form) return next();
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    let outcome: string = form.failed;
    if (token) {
      try {
        if (ctx.path === '/newsletter/confirm') await newsletter.confirm(token, ctx.ip);
        else await newsletter.unsubscribe(token);
        outcome = form.done;
      } catch (err) {
        // A bad or expired link (the failure page says what to do), or a server that cannot answer.
        if (!(err instanceof HttpError) || err.status >= 500)
          log.warn({ err, path: ctx.path, requestId: ctx.state.requestId }, 'a newsletter link form failed');
      }
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    ctx.set('Location', outcome);
    ctx.body = `See ${outcome}`;
  };
}
