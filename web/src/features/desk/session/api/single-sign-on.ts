import type { components } from '@lead-desk/contract';

// Single sign-on's side of the sign-in page (docs/operations.md#single-sign-on). Types only from
// the contract: the login route's search check reads this file before any of the desk loads.

type Refusal = components['schemas']['SingleSignOnRefusal'];

/** Why the identity provider's way in did not let the person in, as the sign-in page says it. */
export const refusalMessages: Record<Refusal, string> = {
  'not-known':
    'There is no desk account for the address your identity provider gave us. Ask an admin of your team to invite you (or the owner of the desk), then sign in again.',
  deactivated: 'This account has been deactivated. Ask an admin of the team to reactivate it.',
  'unverified-email':
    'Your identity provider has not verified your email address, so it cannot be matched to a desk account. Verify it there, or ask an admin of your team.',
  cancelled: 'Sign-in was cancelled at your identity provider.',
  expired: 'Your sign-in took too long or was started in another browser. Please try again.',
  failed:
    "Single sign-on did not complete: the identity provider's answer could not be checked. Please try again; if it keeps failing, ask an admin of your team.",
  unavailable: 'Sign-in is unavailable just now. Please try again in a moment.',
};

/**
 * What the way back from the provider tells the sign-in page (`?sso=`): a refusal, or
 * `second-factor` when the desk's own code is still to be asked (the server has begun the sign-in).
 */
export type SsoOutcome = Refusal | 'second-factor';

/** The `sso` search parameter, or undefined for anything the server does not send. */
export function ssoOutcome(value: unknown): SsoOutcome | undefined {
  if (typeof value !== 'string') return undefined;
  if (value === 'second-factor' || Object.hasOwn(refusalMessages, value)) return value as SsoOutcome;
  return undefined;
}

/** The provider's button: a plain link to the start of single sign-on, then back to `redirect`. */
export function singleSignOnStart(redirect: string | undefined): string {
  const start = '/api/admin/sso/start';
  return redirect ? `${start}?redirect=${encodeURIComponent(redirect)}` : start;
}
