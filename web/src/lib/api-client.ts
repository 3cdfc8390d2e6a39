import type { paths } from '@lead-desk/contract';
import createClient, { type Middleware } from 'openapi-fetch';
import './zod-csp.ts';

export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  errors?: { path: string; message: string }[];
}

/**
 * Every non-OK answer becomes this error. Its message follows the spec's section 8
 * ("<status>: <body text or status text>"); `detail` is the server's problem detail for notices.
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
      problem = JSON.parse(text) as Problem;
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
