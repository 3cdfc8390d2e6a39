/**
 * The rules for admin usernames and passwords, in one place for the first start (config.ts),
 * the CLI and sign-in alike (docs/product.md#admin-desk).
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * The one spelling of a username: NFKC, trimmed, ASCII letters lower-cased. Only ASCII is folded,
 * because JavaScript and PostgreSQL fold other letters differently ('İ'); the throttle, the lookup
 * and the stored name all use this form, and account names are ASCII (USERNAME_RULE).
 */
export function normaliseUsername(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const USERNAME_RULE = /^[a-z0-9][a-z0-9._@-]{0,99}$/;

/** Why a username cannot name an account, or undefined when it can (after normaliseUsername). */
export function usernameProblem(raw: string): string | undefined {
  return USERNAME_RULE.test(normaliseUsername(raw))
    ? undefined
    : 'must be 1-100 characters of a-z, 0-9, ".", "_", "@" or "-", starting with a letter or digit';
}

/** Why a password cannot be set, or undefined when it can. Counted in characters, as typed. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password.normalize('NFKC')].length;
  if (length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}
