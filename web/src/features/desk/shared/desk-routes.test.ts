import { describe, expect, it } from 'vitest';
import { assigneeParam, parseListSearch } from './desk-routes.ts';

// The router hands validateSearch what it parsed from the URL: `?assignee=12` comes as the number 12.
describe('a list’s assignee filter in the URL', () => {
  it('keeps me, none and an account’s number, however the router parsed it', () => {
    expect(parseListSearch({ assignee: 'me' })).toEqual({ assignee: 'me' });
    expect(parseListSearch({ assignee: 'none', q: 'acme' })).toEqual({ q: 'acme', assignee: 'none' });
    expect(parseListSearch({ assignee: 12 })).toEqual({ assignee: 12 });
    expect(parseListSearch({ assignee: '12' })).toEqual({ assignee: 12 });
    expect(assigneeParam(12)).toBe('12');
    expect(parseListSearch({})).toEqual({});
  });

  it('refuses what the contract’s assignee parameter would refuse', () => {
    for (const assignee of ['', 'everyone', '0', '012', '-3', 1.5, '12345678901234567', '9007199254740993'])
      expect(() => parseListSearch({ assignee }), String(assignee)).toThrow(/assignee in this address/);
  });
});
