import type { Context, Middleware } from 'koa';
import { requestSource } from '../audit/audit.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { HttpError } from '../http/errors.ts';
import { isFormMediaType, readFormBody } from '../http/json-body.ts';
import type { Logger } from '../http/logger.ts';
import { seeOther } from '../http/redirect.ts';
import { MANAGE_PAGE } from '../mail/manage-links.ts';
import { bookedWhen, escapeHtml as escape, htmlPage, timesForms } from './booking-pages.ts';
import type { ManageService, ManageView } from './manage.service.ts';

/** The page a booked demo's link opens: the booking, the times it may move to, and cancelling it. */
function managePage(view: ManageView, token: string, notice?: string): string {
  const query = new URLSearchParams({ token }).toString();
  const when = escape(bookedWhen(view.booking, view.timeZone));
  const body =
    view.status === 'cancelled'
      ? `<p class="notice" role="status">This demo, ${when}, is cancelled. The cancellation is on its way to your inbox; reply to it to find another time.</p>`
      : `<p class="booked">Your demo is booked for ${when}, with ${escape(view.booking.host)}.</p>
<section aria-labelledby="move">
<h2 id="move">Move it to another time</h2>
<p>Times are shown in ${escape(view.timeZone)}; each lasts ${view.lengthMinutes} minutes. The updated invitation replaces the one in your calendar.</p>
${view.slots.length > 0 ? timesForms({ ...view, hostTimeZone: view.booking.hostTimeZone }, MANAGE_PAGE, query) : '<p>No other time is open now.</p>'}
</section>
<section aria-labelledby="cancel">
<h2 id="cancel">Cancel it</h2>
<form method="post" action="${MANAGE_PAGE}?${escape(query)}">
<input type="hidden" name="action" value="cancel">
<button type="submit">Cancel my demo</button>
</form>
</section>`;
  return htmlPage(
    'Your demo',
    `<h1>Your TextFlow demo</h1>
${notice ? `<p class="notice" role="alert">${escape(notice)}</p>` : ''}
${body}`,
  );
}

/** Refusals of a post answered with the booking's page and their words: the link still works. */
const REDRAWN = new Set([400, 408, 409, 413]);

/** The page for a link that does not (or no longer) work. */
const gonePage = (detail: string) =>
  htmlPage('Your demo', `<h1>Your TextFlow demo</h1>\n<p class="notice" role="alert">${escape(detail)}</p>`);

/**
 * A booked demo's link for moving or cancelling it (docs/demo-slots.md#moving-or-cancelling),
 * a page without JavaScript: GET shows the booking and the open times, its forms post to the same
 * address. A move redirects to the new link (the old one stops working); a time taken meanwhile
 * redraws the page with the fresh times. A link that does not work says so, with status 404.
 */
export function demoManagePages(
  manage: ManageService,
  limits: { bodyLimitBytes: number; bodyTimeoutMs: number },
  log: Logger,
): Middleware {
  const draw = (ctx: Context, status: number, html: string) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
  /** A refusal as a page: the link's own problem, or one the server could not answer. */
  const refused = (ctx: Context, err: unknown) => {
    if (err instanceof HttpError && err.status < 500) return draw(ctx, err.status, gonePage(err.message));
    if (isDatabaseUnavailable(err) || (err instanceof HttpError && err.status === 503)) {
      log.warn({ err, requestId: ctx.state.requestId }, 'the demo link page could not answer');
      return draw(ctx, 503, gonePage('We cannot answer right now. Please try the link again in a minute.'));
    }
    throw err;
  };

  return async (ctx, next) => {
    if (ctx.path !== MANAGE_PAGE || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const zone =
      typeof ctx.query.timeZone === 'string' && ctx.query.timeZone ? ctx.query.timeZone : undefined;
    if (ctx.method === 'GET') {
      try {
        return draw(ctx, 200, managePage(await manage.view(token, zone), token));
      } catch (err) {
        if (err instanceof HttpError && err.status === 400) {
          try {
            return draw(ctx, 400, managePage(await manage.view(token), token, err.message));
          } catch (again) {
            return refused(ctx, again);
          }
        }
        return refused(ctx, err);
      }
    }
    if (isFormMediaType(ctx) !== 'ok')
      return seeOther(ctx, `${MANAGE_PAGE}?token=${encodeURIComponent(token)}`);
    const source = requestSource(ctx);
    try {
      const form = (await readFormBody(ctx, limits.bodyLimitBytes, limits.bodyTimeoutMs)) as Record<
        string,
        string
      >;
      if (form.action === 'cancel') {
        await manage.cancel(token, source);
        return seeOther(ctx, `${MANAGE_PAGE}?token=${encodeURIComponent(token)}`);
      }
      const moved = await manage.move(token, form.start ?? '', form.timeZone || undefined, source);
      const query = new URLSearchParams({ token: moved.token, timeZone: moved.view.timeZone });
      return seeOther(ctx, `${MANAGE_PAGE}?${query.toString()}`);
    } catch (err) {
      // A refused time or body (too large, too slow, not UTF-8): the page again, saying why.
      if (err instanceof HttpError && REDRAWN.has(err.status)) {
        ctx.set(err.headers);
        try {
          return draw(ctx, err.status, managePage(await manage.view(token), token, err.message));
        } catch (again) {
          return refused(ctx, again);
        }
      }
      return refused(ctx, err);
    }
  };
}
