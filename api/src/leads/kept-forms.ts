import { randomBytes } from 'node:crypto';
import type { FieldError } from '../http/errors.ts';

/** Why a form post was not accepted, as its page says it. */
export type Refusal = 'invalid' | 'limited' | 'unavailable';

export interface KeptForm {
  operationId: string;
  /** The form's own fields as they were sent (the honeypot left out). */
  values: Record<string, string>;
  errors: FieldError[];
  refusal: Refusal;
}

/** How long a refused form post is kept. */
export const KEPT_MINUTES = 30;
const TTL_MS = KEPT_MINUTES * 60 * 1000;

/**
 * Refused form posts, kept in this process's memory for a short while under a random token, so
 * the page the browser is sent to can show the form again as it was typed
 * (docs/product.md#forms-without-javascript). Never written to disk or logged; the oldest go first
 * once the store holds `maxChars` characters, so a flood of refused posts cannot grow it.
 */
export class KeptForms {
  private readonly forms = new Map<string, { form: KeptForm; until: number; size: number }>();
  private chars = 0;

  constructor(private readonly maxChars = 4_000_000) {}

  keep(form: KeptForm, now = Date.now()): string {
    this.sweep(now);
    const size = JSON.stringify(form).length;
    for (const [token, entry] of this.forms) {
      if (this.chars + size <= this.maxChars) break;
      this.drop(token, entry.size);
    }
    const token = randomBytes(18).toString('base64url');
    this.forms.set(token, { form, until: now + TTL_MS, size });
    this.chars += size;
    return token;
  }

  get(token: string, now = Date.now()): KeptForm | undefined {
    const entry = this.forms.get(token);
    if (!entry || entry.until <= now) return undefined;
    return entry.form;
  }

  private sweep(now: number): void {
    // Insertion order is expiry order: stop at the first that is still valid.
    for (const [token, entry] of this.forms) {
      if (entry.until > now) break;
      this.drop(token, entry.size);
    }
  }

  private drop(token: string, size: number): void {
    this.forms.delete(token);
    this.chars -= size;
  }
}
