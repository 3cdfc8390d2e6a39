import { schemas } from '@lead-desk/contract/values';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusalMessages, singleSignOnStart, ssoOutcome } from './single-sign-on.ts';

describe('the identity provider’s button', () => {
  it('starts single sign-on with no redirect when the page has none', () => {
    expect(singleSignOnStart(undefined)).toBe('/api/admin/sso/start');
  });

  it('hands the page’s redirect on whole, whatever it holds', () => {
    expect(singleSignOnStart('/admin/contacts?q=a b&cursor=x#top')).toBe(
      '/api/admin/sso/start?redirect=%2Fadmin%2Fcontacts%3Fq%3Da%20b%26cursor%3Dx%23top',
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'grapheme' }), (tail) => {
        const redirect = `/admin/${tail}`;
        const url = new URL(singleSignOnStart(redirect), 'https://desk.example');
        expect(url.pathname).toBe('/api/admin/sso/start');
        expect([...url.searchParams.keys()]).toEqual(['redirect']);
        expect(url.searchParams.get('redirect')).toBe(redirect);
        expect(url.hash).toBe('');
      }),
    );
  });
});

describe('the sign-in page’s sso parameter', () => {
  it('has a message for every refusal the contract names', () => {
    expect(Object.keys(refusalMessages).sort()).toEqual([...schemas.SingleSignOnRefusal.enum].sort());
  });

  it('keeps the refusals and second-factor, and drops anything else', () => {
    for (const refusal of schemas.SingleSignOnRefusal.enum) expect(ssoOutcome(refusal)).toBe(refusal);
    expect(ssoOutcome('second-factor')).toBe('second-factor');
    for (const other of [
      '',
      'Not-Known',
      'toString',
      '__proto__',
      'constructor',
      'error',
      42,
      null,
      undefined,
    ])
      expect(ssoOutcome(other)).toBeUndefined();
  });
});
