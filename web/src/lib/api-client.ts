import type { components, paths } from '@lead-desk/contract';
import createClient, { type Middleware } from 'openapi-fetch';
import './zod-csp.ts';

/** An error answer's body (RFC 9457), as the contract defines it (docs/product.md#errors). */
export type Problem = components['schemas']['Problem'];

/**
 * Every non-OK answer becomes this error (docs/product.md#talking-to-the-api): its message is
 * "<status>: <body text or status text>"; `detail` is the server's problem detail for notices.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, text: string, problem: Problem | undefined, retryAfter: string | null) {
    super(`${status}: ${text}`);
    this.status = status;
    this.problem = problem;
    const seconds = retryAfter ? Number(retryAfter) : NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined;
  }

  get detail(): string | undefined {
    return this.problem?.detail;
  }
}

const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const text = await response.clone().text();
    let problem: Problem | undefined;
    try {
      const body = JSON.parse(text) as unknown;
      // Whatever else it holds, a problem has its status (a proxy's error page has none).
      if (typeof body === 'object' && body !== null && typeof (body as Problem).status === 'number')
        problem = body as Problem;
    } catch {
      problem = undefined;
    }
    throw new ApiError(
      response.status,
      text || response.statusText,
      problem,
      response.headers.get('Retry-After'),
    );
  },
};

/** The one client the web app talks to the API through. All requests carry credentials (cookies). */
export const api = createClient<paths>({ baseUrl: '', credentials: 'include' });
api.use(throwOnError);

/** A fresh key per submission attempt, reused by retries of that attempt, so nothing is stored twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
