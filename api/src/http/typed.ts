import type { operations } from '@lead-desk/contract';
import type { Context } from 'koa';

/** Handler types derived from the generated contract: a handler cannot answer what the contract does not allow. */
export type OperationId = keyof operations;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<O extends OperationId> = operations[O] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[O] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

type Params<O extends OperationId, Where extends 'query' | 'path'> = operations[O]['parameters'] extends {
  [K in Where]?: infer P;
}
  ? [P] extends [never]
    ? Record<string, never>
    : NonNullable<P>
  : Record<string, never>;

export type Query<O extends OperationId> = Params<O, 'query'>;
export type PathParams<O extends OperationId> = Params<O, 'path'>;

type Responses<O extends OperationId> = operations[O]['responses'];

/** A successful answer: any 2xx status the contract lists, with its JSON body (if it has one). */
export type HandlerResult<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 | 202 | 204
    ? Json<Responses<O>[S]> extends never
      ? { status: S; body?: undefined; headers?: Record<string, string> }
      : { status: S; body: Json<Responses<O>[S]>; headers?: Record<string, string> }
    : never;
}[keyof Responses<O>];

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
