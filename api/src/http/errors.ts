import type { components } from '@lead-desk/contract';
import type { FieldError } from '../contract/load.ts';

export type Problem = components['schemas']['Problem'];
/** Members a Problem carries for one kind of error (e.g. `requiredRole` on a 403). */
type Extensions = Pick<Problem, 'requiredRole' | 'currentAssignee' | 'currentStatus' | 'invitationState'> &
  Partial<Pick<components['schemas']['SlotTaken'], 'slots' | 'booking'>>;

/** The one error type handlers throw; the error middleware turns it into problem+json. */
export class HttpError extends Error {
  readonly status: number;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  /** Members the contract's Problem adds for this kind of error (e.g. `requiredRole`). */
  readonly extensions: Extensions;
  /** A refusal the server makes on purpose under load (a busy hasher's 503): no fault, no stack. */
  readonly refusal: boolean;

  constructor(
    status: number,
    title: string,
    detail?: string,
    opts: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      cause?: unknown;
      extensions?: Extensions;
      refusal?: boolean;
    } = {},
  ) {
    super(detail ?? title, { cause: opts.cause });
    this.status = status;
    this.title = title;
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
    this.extensions = opts.extensions ?? {};
    this.refusal = opts.refusal ?? status === 429;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new HttpError(400, 'Bad Request', detail, errors ? { errors } : {});
/** A `cursor` query parameter that is not one this server gave out (db/cursor.ts). */
export const invalidCursor = () =>
  badRequest('The cursor is not one this server gave out.', [
    { path: '/query/cursor', message: 'Invalid cursor' },
  ]);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpError(401, 'Unauthorized', detail);
export const forbidden = (detail: string) => new HttpError(403, 'Forbidden', detail);
export const notFound = (detail = 'No such resource.') => new HttpError(404, 'Not Found', detail);
export const tooManyRequests = (retryAfterSeconds: number, detail: string) =>
  new HttpError(429, 'Too Many Requests', detail, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const unavailable = (cause?: unknown) =>
  new HttpError(503, 'Service Unavailable', 'The service is briefly unavailable. Please try again shortly.', {
    headers: { 'Retry-After': '5' },
    cause,
  });
