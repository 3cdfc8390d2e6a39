import { describe, expect, it } from 'vitest';
import { KEPT_MINUTES, KeptForms, type KeptForm } from './kept-forms.ts';

const form = (name: string): KeptForm => ({
  operationId: 'createContact',
  values: { name },
  errors: [],
  refusal: 'invalid',
});

describe('refused form posts kept for their page', () => {
  it('answers a token with its form until it expires', () => {
    const kept = new KeptForms();
    const token = kept.keep(form('Ada'), 0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(kept.get(token, KEPT_MINUTES * 60_000 - 1)?.values).toEqual({ name: 'Ada' });
    expect(kept.get(token, KEPT_MINUTES * 60_000)).toBeUndefined();
    expect(kept.get('not-a-token', 0)).toBeUndefined();
  });

  it('forgets the oldest first once the store is full, so a flood cannot grow it', () => {
    const size = JSON.stringify(form('x'.repeat(100))).length;
    const kept = new KeptForms(size * 3);
    const tokens = [1, 2, 3, 4, 5].map((i) => kept.keep(form(String(i).repeat(100)), i));
    expect(tokens.map((t) => kept.get(t, 10) !== undefined)).toEqual([false, false, true, true, true]);
  });
});
