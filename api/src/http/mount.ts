import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { schemaDepth } from '../contract/depth.ts';
import type { Contract, JsonSchema, Operation } from '../contract/load.ts';
import { compileOperation, toFieldErrors } from '../contract/validate.ts';
import { utcInstant } from '../db/date-time.ts';
import { badRequest, HttpError } from './errors.ts';
import { multilineFields, textProblems } from '../contract/input-rules.ts';
import {
  isFormMediaType,
  isJsonMediaType,
  readFormBody,
  readJsonBody,
  tooLarge,
  unsupported,
} from './json-body.ts';
import type { Handler, Handlers, OperationId } from './typed.ts';

export interface MountOptions {
  bodyLimitBytes: number;
  /** A body must arrive whole within this (json-body.ts). */
  bodyTimeoutMs: number;
  /** The deepest nesting any request body of the contract allows (contract/depth.ts). */
  bodyDepth: number;
  /** Runs before validation on every operation the contract secures; throws 401 when signed out. */
  authenticate: (ctx: Context, op: Operation) => Promise<void>;
  /** Runs on every state-changing admin operation; throws 403 when it did not come from the site. */
  checkOrigin: (ctx: Context, op: Operation) => void;
  /** Runs after authenticate on every secured operation; throws 403 naming the role it needs. */
  authorize: (ctx: Context, op: Operation) => void;
}

function hasBody(ctx: Context): boolean {
  return Boolean(ctx.get('Transfer-Encoding')) || Number(ctx.get('Content-Length') || 0) > 0;
}

/**
 * Lead text, notes and a lead's corrected fields are trimmed before they are checked
 * (docs/product.md#forms, docs/product.md#notes, docs/product.md#personal-data-correct); other
 * bodies (passwords) are not.
 */
function trimStrings(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() : v,
    ]),
  );
}

/** Integer parameters are written in plain digits: `0x1` or `1e0` name nothing (docs/product.md#errors). */
const integerNames = (schema: JsonSchema) =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([, p]) => p.type === 'integer')
    .map(([name]) => name);
const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;
const plainIntegers = (values: Record<string, unknown>, names: string[]) =>
  names.filter(
    (n) => values[n] !== undefined && !(typeof values[n] === 'string' && PLAIN_INTEGER.test(values[n])),
  );

/**
 * Date-time parameters hold a value PostgreSQL can take (docs/product.md#errors), checked here for
 * every one the contract has, before any handler runs (a CSV export has not started writing), and
 * handed on as the UTC instant they name.
 */
const dateTimeNames = (schema: JsonSchema) =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([, p]) => p.format === 'date-time')
    .map(([name]) => name);

function toUtcInstants(values: Record<string, unknown>, names: string[]): void {
  const refused = names.filter((n) => {
    if (typeof values[n] !== 'string') return false;
    const instant = utcInstant(values[n]);
    if (instant !== undefined) values[n] = instant;
    return instant === undefined;
  });
  if (refused.length > 0)
    throw badRequest(
      `${refused.join(' and ')} ${refused.length > 1 ? 'are' : 'is'} not a date and time the server can use.`,
      refused.map((n) => ({
        path: `/query/${n}`,
        message: `${n} must be an existing date and time, from year 1 to 9999`,
      })),
    );
}

function validUtf8QueryString(raw: string): boolean {
  try {
    decodeURIComponent(raw.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

interface Body {
  value: unknown;
  /** Sent as `application/x-www-form-urlencoded` (only where the contract allows it). */
  form: boolean;
}

async function readBody(ctx: Context, op: Operation, opts: MountOptions): Promise<Body> {
  if (!op.body) return { value: undefined, form: false };
  if (!hasBody(ctx)) {
    if (op.body.required)
      throw badRequest('The request body is required.', [
        { path: '', message: 'The request body is required' },
      ]);
    return { value: undefined, form: false };
  }
  // A form body only where the contract has one: RFC 8058's one-click unsubscribe, which mail
  // clients post as `List-Unsubscribe=One-Click` (docs/product.md#follow-up), and the lead forms
  // a browser posts without JavaScript (docs/product.md#forms-without-javascript).
  if (op.body.formSchema && isFormMediaType(ctx) !== 'type') {
    if (isFormMediaType(ctx) === 'charset')
      throw unsupported('Send the form in UTF-8 (charset=utf-8, or none).');
    if (Number(ctx.get('Content-Length') || 0) > opts.bodyLimitBytes) throw tooLarge();
    return { value: await readFormBody(ctx, opts.bodyLimitBytes, opts.bodyTimeoutMs), form: true };
  }
  const media = isJsonMediaType(ctx);
  if (media === 'type') throw unsupported();
  if (media === 'charset') throw unsupported('Send the body as JSON in UTF-8 (charset=utf-8, or none).');
  if (Number(ctx.get('Content-Length') || 0) > opts.bodyLimitBytes) throw tooLarge();
  return {
    value: await readJsonBody(ctx, opts.bodyLimitBytes, opts.bodyTimeoutMs, opts.bodyDepth),
    form: false,
  };
}

function operationMiddleware(op: Operation, handler: Handler<OperationId>, opts: MountOptions): Middleware {
  const validators = compileOperation(op);
  const isAdmin = op.tags.includes('admin');
  const changesState = op.method !== 'get';
  const trims = ['leads', 'notes', 'privacy'].some((t) => op.tags.includes(t));
  const multiline = multilineFields(op.body?.schema);
  const integerParams = integerNames(op.params);
  const integerQuery = integerNames(op.query);
  const dateTimeQuery = dateTimeNames(op.query);

  return async (ctx) => {
    if (isAdmin) ctx.set('Cache-Control', 'no-store');
    if (isAdmin && changesState) opts.checkOrigin(ctx, op);
    if (op.secured) {
      await opts.authenticate(ctx, op);
      opts.authorize(ctx, op);
    }
    const read = await readBody(ctx, op, opts);
    let body = read.value;
    // What a browser's form sent, for the page a refused one lands on (forms/lead-form-posts.ts).
    if (read.form) ctx.state.formBody = body;

    const headers = { ...ctx.headers };
    if (!validators.headers(headers))
      throw badRequest('A request header is invalid.', toFieldErrors(validators.headers.errors, '/headers'));
    const params = { ...ctx.params } as Record<string, unknown>;
    if (plainIntegers(params, integerParams).length > 0 || textProblems(params, '/params').length > 0)
      throw new HttpError(404, 'Not Found', 'No such resource.');
    if (!validators.params(params)) throw new HttpError(404, 'Not Found', 'No such resource.');
    if (!validUtf8QueryString(ctx.querystring)) throw badRequest('The query string is not valid UTF-8.');
    const query = { ...ctx.query } as Record<string, unknown>;
    const queryProblems = [
      ...plainIntegers(query, integerQuery).map((n) => ({
        path: `/query/${n}`,
        message: `${n} must be a whole number in digits`,
      })),
      ...textProblems(query, '/query'),
    ];
    if (queryProblems.length > 0) throw badRequest('A query parameter is invalid.', queryProblems);
    if (!validators.query(query))
      throw badRequest('A query parameter is invalid.', toFieldErrors(validators.query.errors, '/query'));
    toUtcInstants(query, dateTimeQuery);

    const validateBody = read.form ? validators.formBody : validators.body;
    if (validateBody && body !== undefined) {
      const textErrors = textProblems(body, '', multiline);
      if (textErrors.length > 0) throw badRequest(textErrors.map((e) => e.message).join('. '), textErrors);
      if (trims) body = trimStrings(body);
      if (!validateBody(body)) {
        const errors = toFieldErrors(validateBody.errors);
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
}

/** Routes every operation of the contract to its handler; the contract, not this file, decides what exists. */
export function mountContract(
  router: Router,
  contract: Contract,
  handlers: Handlers,
  options: Omit<MountOptions, 'bodyDepth'>,
): void {
  // A client may nest as deep as the deepest request the contract describes, and no deeper.
  const bodyDepth = Math.max(
    ...[...contract.operations.values()].map((op) => (op.body ? schemaDepth(op.body.schema) : 0)),
  );
  if (!Number.isFinite(bodyDepth)) throw new Error('A request body of the contract has no bounded depth');
  const opts = { ...options, bodyDepth };
  for (const op of contract.operations.values()) {
    const handler = handlers[op.operationId as OperationId] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`No handler for operation ${op.operationId}`);
    // The role matrix is written once, in the contract: a desk operation without a role is a
    // hole in it, so the server does not start (docs/operations.md#roles).
    if (op.secured && !op.requiredRole)
      throw new Error(`Operation ${op.operationId} needs a session but has no x-required-role`);
    router.register(op.routerPath, [op.method.toUpperCase()], operationMiddleware(op, handler, opts), {
      name: op.operationId,
    });
  }
}
