import type { operations, webhooks } from '@lead-desk/contract';
import type { Context } from 'koa';
import type {
  JSONLike,
  OkStatus,
  OperationRequestBodyContent,
  ResponseContent,
} from 'openapi-typescript-helpers';

/** What the contract's `webhooks` section says the server sends (see webhooks/payloads.ts). */
type WebhookOperation = { [E in keyof webhooks]: webhooks[E]['post'] }[keyof webhooks];

/**
 * Handler types derived from the generated contract: a handler cannot answer what the contract does not allow.
 * The operations the server answers are those under `paths`; the webhooks' own operations (what it sends) are not.
 */
export type OperationId = {
  [O in keyof operations]: operations[O] extends WebhookOperation ? never : O;
}[keyof operations];

export type RequestBody<O extends OperationId> = OperationRequestBodyContent<operations[O]>;

type Parameters<O extends OperationId> = operations[O]['parameters'];
/** A parameter group the operation does not have is an empty object, never `undefined`. */
type Group<P> = [NonNullable<P>] extends [never] ? Record<string, never> : NonNullable<P>;

export type Query<O extends OperationId> = Group<Parameters<O>['query']>;
export type PathParams<O extends OperationId> = Group<Parameters<O>['path']>;

type Responses<O extends OperationId> = operations[O]['responses'];
type SuccessStatus<O extends OperationId> = keyof Responses<O> & OkStatus;
type JsonBody<R> = JSONLike<ResponseContent<R>>;

/** A successful answer: any 2xx status the contract lists, with its JSON body when it has one. */
export type HandlerResult<O extends OperationId> = {
  [S in SuccessStatus<O>]: [JsonBody<Responses<O>[S]>] extends [never]
    ? { status: S; body?: undefined; headers?: Record<string, string> }
    : { status: S; body: JsonBody<Responses<O>[S]>; headers?: Record<string, string> };
}[SuccessStatus<O>];

export interface HandlerInput<O extends OperationId> {
  body: RequestBody<O>;
  query: Query<O>;
  params: PathParams<O>;
  ctx: Context;
}

/** A handler returns its answer, or takes the response over itself (a CSV stream) and returns nothing. */
export type Handler<O extends OperationId> = (
  input: HandlerInput<O>,
) => Promise<HandlerResult<O> | void> | HandlerResult<O> | void;

export type Handlers = { [O in OperationId]: Handler<O> };
