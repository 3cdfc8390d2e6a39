import { describe, expect, it } from 'vitest';
import type { DemoSchedule } from '../api/schedule.ts';
import {
  fieldOf,
  placeProblems,
  scheduleSchema,
  scheduleValues,
  type ScheduleValues,
} from './schedule-values.ts';

const schedule: DemoSchedule = {
  timeZone: 'America/New_York',
  weekly: [
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '17:00' },
    { weekday: 3, start: '20:00', end: '24:00' },
  ],
  overrides: [
    { date: '2026-12-24', intervals: [] },
    { date: '2026-12-31', intervals: [{ start: '10:00', end: '14:00' }] },
  ],
  lengthMinutes: 45,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 15,
  minimumNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: 4,
  hostIds: [7, 3],
};

const messages = (v: ScheduleValues) => {
  const r = scheduleSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the schedule form’s values', () => {
  it('give back the schedule they were made from (24:00 typed as 00:00)', () => {
    const values = scheduleValues(schedule);
    expect(values.weekly[2]!.intervals).toEqual([{ start: '20:00', end: '00:00' }]);
    expect(values.overrides.map((o) => o.dayOff)).toEqual([true, false]);
    expect(scheduleSchema.parse(values)).toEqual(schedule);
    expect(scheduleSchema.parse({ ...values, dailyCap: ' ' }).dailyCap).toBeNull();
  });

  it('are refused as the server refuses them, in its words', () => {
    const v = scheduleValues(schedule);
    v.weekly[0]!.intervals[1] = { start: '11:00', end: '17:00' };
    v.weekly[1]!.intervals = [{ start: '10:00', end: '09:00' }];
    v.weekly[4]!.intervals = [{ start: '09:00', end: '09:30' }];
    v.overrides[1]!.date = '2026-12-24';
    v.lengthMinutes = '9';
    v.dailyCap = '0';
    v.hostIds = [];
    expect(messages(v)).toEqual([
      'lengthMinutes: Demo length must be 10 to 240 minutes',
      'dailyCap: Daily cap must be 1 to 100 demos, or none',
      'hostIds: Choose at least one host',
      'weekly.0.intervals.1.start: Overlaps another interval on Monday',
      'weekly.1.intervals.0.end: The end must be after the start',
      'overrides.1.date: 2026-12-24 is overridden twice',
    ]);
    // With a valid length, an interval must hold one demo.
    v.lengthMinutes = '45';
    expect(messages(v)).toContain(
      'weekly.4.intervals.0.start: 09:00–09:30 is shorter than one demo (45 minutes)',
    );
  });

  it('name each interval that overlaps, also one inside a long interval after another inside it', () => {
    const v = scheduleValues({
      ...schedule,
      weekly: [
        { weekday: 2, start: '09:00', end: '17:00' },
        { weekday: 2, start: '10:00', end: '11:00' },
        { weekday: 2, start: '12:00', end: '13:00' },
      ],
    });
    expect(messages(v)).toEqual([
      'weekly.1.intervals.1.start: Overlaps another interval on Tuesday',
      'weekly.1.intervals.2.start: Overlaps another interval on Tuesday',
    ]);
  });
});

describe('the server’s JSON pointers', () => {
  const v = scheduleValues(schedule);

  it('name the form’s fields: weekly intervals counted day after day', () => {
    expect(fieldOf('/timeZone', v)).toBe('timeZone');
    expect(fieldOf('/dailyCap', v)).toBe('dailyCap');
    expect(fieldOf('/weekly/0/end', v)).toBe('weekly.0.intervals.0.end');
    expect(fieldOf('/weekly/1', v)).toBe('weekly.0.intervals.1.start');
    expect(fieldOf('/weekly/2/start', v)).toBe('weekly.2.intervals.0.start');
    expect(fieldOf('/weekly/3', v)).toBeUndefined();
    expect(fieldOf('/weekly', v)).toBeUndefined();
    expect(fieldOf('/overrides/0/date', v)).toBe('overrides.0.date');
    expect(fieldOf('/overrides/1/intervals/0/end', v)).toBe('overrides.1.intervals.0.end');
    expect(fieldOf('/overrides/1/intervals/0', v)).toBe('overrides.1.intervals.0.start');
    // A day off shows no hours: a problem with them is shown at its date.
    expect(fieldOf('/overrides/0/intervals/0', v)).toBe('overrides.0.date');
    expect(fieldOf('/overrides/2/date', v)).toBeUndefined();
    expect(fieldOf('/hostIds/1', v)).toBe('hostIds');
    expect(fieldOf('/unknown', v)).toBeUndefined();
  });

  it('are placed in the page’s order, a host by its name, the rest kept apart', () => {
    const { placed, unplaced } = placeProblems(
      [
        { path: '/hostIds/1', message: 'Must be an active member, admin or owner of the team' },
        { path: '/overrides/1/intervals/0/end', message: 'The end must be after the start' },
        { path: '/weekly/2/end', message: 'Times must be HH:MM (24-hour)' },
        { path: '/weekly/1', message: 'Overlaps another interval on Monday' },
        { path: '/weekly', message: 'Too many' },
      ],
      v,
      (id) => `account ${id}`,
    );
    expect(placed).toEqual([
      ['weekly.0.intervals.1.start', 'Overlaps another interval on Monday'],
      ['weekly.2.intervals.0.end', 'Times must be HH:MM (24-hour)'],
      ['overrides.1.intervals.0.end', 'The end must be after the start'],
      ['hostIds', 'account 3: Must be an active member, admin or owner of the team'],
    ]);
    expect(unplaced).toEqual(['Too many']);
  });
});
