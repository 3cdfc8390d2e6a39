import type { Context } from 'koa';

/** A 303 to `location` (a page of this site), never cached: where a browser goes after a form or a redirect. */
export function seeOther(ctx: Context, location: string): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.status = 303;
  ctx.set('Location', location);
  ctx.type = 'text/plain';
  ctx.body = `See ${location}`;
}
