import { describe, expect, it } from 'vitest';
import { isWeekStart, parseAgendaSearch, weekFrom } from './agenda.ts';

// The agenda's place in the URL (docs/demo-slots.md#the-agenda): only what the API takes stays.

describe('the agenda’s search', () => {
  it('keeps a real date and an account’s number', () => {
    expect(parseAgendaSearch({ from: '2026-10-19', hostId: 12 })).toEqual({ from: '2026-10-19', hostId: 12 });
    expect(parseAgendaSearch({ from: '0001-01-01', hostId: '3' })).toEqual({ from: '0001-01-01', hostId: 3 });
    expect(parseAgendaSearch({})).toEqual({});
  });

  it('drops what the API would refuse', () => {
    for (const from of ['2026-02-30', '2026-6-1', '0000-12-31', '9999-12-26', 'today', 20261019, ''])
      expect(parseAgendaSearch({ from }), String(from)).toEqual({});
    for (const hostId of [0, -1, 1.5, '01', 'abc', '99999999999999999', 2 ** 53])
      expect(parseAgendaSearch({ hostId }), String(hostId)).toEqual({});
  });

  it('moves by weeks within the dates there are', () => {
    expect(weekFrom('2026-10-19', 7)).toBe('2026-10-26');
    expect(weekFrom('2026-10-19', -7)).toBe('2026-10-12');
    expect(weekFrom('2026-12-28', 7)).toBe('2027-01-04');
    expect(weekFrom('0099-03-01', -7)).toBe('0099-02-22');
    expect(weekFrom('9999-12-25', 7)).toBeUndefined();
    expect(weekFrom('0001-01-03', -7)).toBeUndefined();
    expect(isWeekStart('9999-12-25')).toBe(true);
  });
});
