import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger.ts';
import { isApiPath } from './api-path.ts';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Gives every request an id (the proxy's X-Request-Id when it is trusted and well-formed), echoes it
 * back, and writes one structured log line per request (at `info`, or the level the handler set in
 * `ctx.state.requestLogLevel`). Bodies, cookies and passwords never reach it.
 */
export function requestContext(log: Logger, trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = trustProxy && SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (isApiPath(ctx.path)) {
        // A handler may ask for its routine requests to be logged at a lower level (a challenge).
        const level = (ctx.state.requestLogLevel as 'debug' | undefined) ?? 'info';
        log[level](
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(ms * 100) / 100,
            ip: ctx.ip,
          },
          'request',
        );
      }
    }
  };
}
