import type { components } from '@lead-desk/contract';
import type { FieldError } from '../contract/load.ts';
import { isTimeZone, parseWallTime } from './slots.ts';

type DemoSchedule = components['schemas']['DemoSchedule'];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Minutes after midnight of a wall time; `24:00` is 1440. */
const minutesOf = (t: string) => {
  const parsed = parseWallTime(t);
  return parsed === 'end-of-day' ? 1440 : parsed.hour * 60 + parsed.minute;
};

/**
 * What is wrong with a schedule the contract's shape already accepts (docs/demo-slots.md#the-schedule):
 * an unknown time zone, an interval that ends before it starts or holds no whole demo, intervals
 * of one day that overlap (touching is fine), a date overridden twice. Hosts are checked against
 * the accounts, where they live.
 */
export function scheduleProblems(s: DemoSchedule): FieldError[] {
  const problems: FieldError[] = [];
  if (!isTimeZone(s.timeZone))
    problems.push({
      path: '/timeZone',
      message: `Unknown time zone "${s.timeZone}": use an IANA name such as Europe/Berlin`,
    });

  /** Checks one day's intervals, each named by its path, against each other. */
  const checkDay = (day: string, intervals: { path: string; start: string; end: string }[]) => {
    const valid: { path: string; from: number; to: number }[] = [];
    for (const { path, start, end } of intervals) {
      const from = minutesOf(start);
      const to = minutesOf(end);
      if (to <= from) problems.push({ path: `${path}/end`, message: 'The end must be after the start' });
      else if (to - from < s.lengthMinutes)
        problems.push({
          path,
          message: `${start}–${end} is shorter than one demo (${s.lengthMinutes} minutes)`,
        });
      else valid.push({ path, from, to });
    }
    valid.sort((a, b) => a.from - b.from);
    // Against the latest end so far: 09:00-17:00 holds both 10:00-11:00 and 12:00-13:00.
    let reach = -1;
    for (const v of valid) {
      if (v.from < reach) problems.push({ path: v.path, message: `Overlaps another interval on ${day}` });
      reach = Math.max(reach, v.to);
    }
  };

  for (let weekday = 1; weekday <= 7; weekday++) {
    checkDay(
      WEEKDAYS[weekday - 1]!,
      s.weekly.flatMap((h, i) => (h.weekday === weekday ? [{ path: `/weekly/${i}`, ...h }] : [])),
    );
  }
  const seen = new Set<string>();
  s.overrides.forEach((o, i) => {
    if (seen.has(o.date))
      problems.push({ path: `/overrides/${i}/date`, message: `${o.date} is overridden twice` });
    seen.add(o.date);
    checkDay(
      o.date,
      o.intervals.map((h, j) => ({ path: `/overrides/${i}/intervals/${j}`, ...h })),
    );
  });
  return problems.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}
