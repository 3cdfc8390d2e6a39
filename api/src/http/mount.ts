import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Contract, Operation } from '../contract/load.ts';
import { compileOperation, toFieldErrors } from '../contract/validate.ts';
import { badRequest, HttpError } from './errors.ts';
import type { Handler, Handlers, OperationId } from './typed.ts';

export interface MountOptions {
  bodyLimitBytes: number;
  /** Runs before validation on every operation the contract secures; throws 401 when signed out. */
  authenticate: (ctx: Context, op: Operation) => Promise<void>;
  /** Runs on every state-changing admin operation; throws 403 when it did not come from the site. */
  checkOrigin: (ctx: Context, op: Operation) => void;
}

function hasBody(ctx: Context): boolean {
  return Boolean(ctx.get('Transfer-Encoding')) || Number(ctx.get('Content-Length') || 0) > 0;
}

/** Lead text is trimmed before it is checked, as decisions.md says; other bodies (passwords) are not. */
function trimStrings(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() : v,
    ]),
  );
}

function operationMiddleware(op: Operation, handler: Handler<OperationId>, opts: MountOptions): Middleware[] {
  const validators = compileOperation(op);
  const isAdmin = op.tags.includes('admin');
  const changesState = op.method !== 'get';
  const trims = op.tags.includes('leads');
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: opts.bodyLimitBytes,
    jsonStrict: false,
    encoding: 'utf-8',
    // The error middleware speaks problem+json; let it see the parser's errors as they are.
    onError: (err) => {
      throw err;
    },
  });

  const guard: Middleware = async (ctx, next) => {
    if (isAdmin) ctx.set('Cache-Control', 'no-store');
    if (isAdmin && changesState) opts.checkOrigin(ctx, op);
    if (op.secured) await opts.authenticate(ctx, op);
    if (op.body) {
      if (hasBody(ctx)) {
        if (!ctx.is('application/json', '+json')) {
          throw new HttpError(415, 'Unsupported Media Type', 'Send the body as application/json.');
        }
        const length = Number(ctx.get('Content-Length') || 0);
        if (length > opts.bodyLimitBytes) {
          throw new HttpError(
            413,
            'Content Too Large',
            'The request body is larger than the server accepts.',
          );
        }
      } else if (op.body.required) {
        throw badRequest('The request body is required.', [
          { path: '', message: 'The request body is required' },
        ]);
      }
    }
    await next();
  };

  const run: Middleware = async (ctx) => {
    const headers = { ...ctx.headers };
    if (!validators.headers(headers))
      throw badRequest('A request header is invalid.', toFieldErrors(validators.headers.errors, '/headers'));
    const params = { ...ctx.params };
    if (!validators.params(params)) throw new HttpError(404, 'Not Found', 'No such resource.');
    const query = { ...ctx.query } as Record<string, unknown>;
    if (!validators.query(query))
      throw badRequest('A query parameter is invalid.', toFieldErrors(validators.query.errors, '/query'));

    let body: unknown = undefined;
    if (validators.body && (ctx.request as { body?: unknown }).body !== undefined && hasBody(ctx)) {
      body = (ctx.request as { body?: unknown }).body;
      if (trims) body = trimStrings(body);
      if (!validators.body(body)) {
        const errors = toFieldErrors(validators.body.errors);
        throw badRequest(errors.map((e) => e.message).join('. ') || 'The body is invalid.', errors);
      }
    }

    const result = (await handler({ body, query, params, ctx } as never)) as
      { status: number; body?: unknown; headers?: Record<string, string> } | undefined;
    if (!result) return; // the handler streamed its own answer
    ctx.status = result.status;
    if (result.headers) ctx.set(result.headers);
    if (result.body !== undefined) ctx.body = result.body;
  };

  return op.body ? [guard, parse, run] : [guard, run];
}

/** Routes every operation of the contract to its handler; the contract, not this file, decides what exists. */
export function mountContract(
  router: Router,
  contract: Contract,
  handlers: Handlers,
  opts: MountOptions,
): void {
  for (const op of contract.operations.values()) {
    const handler = handlers[op.operationId as OperationId] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`No handler for operation ${op.operationId}`);
    router.register(op.routerPath, [op.method.toUpperCase()], operationMiddleware(op, handler, opts), {
      name: op.operationId,
    });
  }
}
