import { randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.ts';
import type { FieldError } from '../http/errors.ts';
import { findKeptForm, insertKeptForm } from './kept-forms.repo.ts';

/** Why a form post was not accepted, as its page says it. */
export type Refusal = 'invalid' | 'limited';

export interface KeptForm {
  operationId: string;
  /** The form's own fields as they were sent (the honeypot left out). */
  values: Record<string, string>;
  errors: FieldError[];
  refusal: Refusal;
}

/** How long a refused form post is kept. */
export const KEPT_MINUTES = 30;

/** A page's token: 144 random bits, URL-safe. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/**
 * Refused form posts, kept for a short while under a random token so the page the browser is sent
 * to can show the form again as it was typed (docs/product.md#forms-without-javascript). Kept in
 * PostgreSQL, so any API process answers the page; never logged; the store is a ring of fixed size.
 */
export interface KeptForms {
  keep(form: KeptForm): Promise<string>;
  get(token: string): Promise<KeptForm | undefined>;
}

export function createKeptForms(db: Db): KeptForms {
  return {
    async keep(form) {
      const token = randomBytes(18).toString('base64url');
      await insertKeptForm(db, token, form, KEPT_MINUTES);
      return token;
    },
    async get(token) {
      return TOKEN_PATTERN.test(token) ? findKeptForm(db, token) : undefined;
    },
  };
}
