import { Temporal } from 'temporal-polyfill';

/**
 * The open demo slots of a schedule: a pure function of the schedule, each host's busy ranges and
 * the current instant. The rules (wall-clock grid, daylight-saving gaps and overlaps, buffers,
 * notice, horizon, daily cap, round robin) are in docs/demo-slots.md.
 */

/** A wall-clock time of day, `HH:MM` (24 h; `24:00` ends a day). */
export type WallTime = string;
/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface Interval {
  start: WallTime;
  end: WallTime;
}

export interface Schedule {
  /** The IANA zone the weekly hours and overrides are written in: the hosts' wall clock. */
  timeZone: string;
  /** Working intervals per ISO weekday (1 = Monday ... 7 = Sunday); several make a break. */
  weekly: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, Interval[]>>;
  /** A date's own intervals replace its weekday's; an empty list is a day off. */
  overrides: Record<IsoDate, Interval[]>;
  lengthMin: number;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  minNoticeMin: number;
  horizonDays: number;
  /** The most demos one host takes on one of their days; null: no cap. */
  dailyCap: number | null;
}

/** A half-open range of instants, in epoch milliseconds. */
export interface Range {
  start: number;
  end: number;
}

export interface HostLoad {
  id: string;
  /** The host's booked ranges, buffers included (what the database's exclusion constraint holds). */
  blocked: Range[];
  /** The starts of the host's bookings, for the daily cap. */
  starts: number[];
}

export interface Slot {
  start: number;
  end: number;
  /** The hosts free for the whole slot with its buffers, by id. */
  hosts: string[];
}

const MINUTE = 60_000;

export const parseWallTime = (t: WallTime): Temporal.PlainTime | 'end-of-day' => {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(t);
  if (!m || (m[1] === '24' && m[2] !== '00')) throw new RangeError(`not a time of day: ${t}`);
  if (m[1] === '24') return 'end-of-day';
  return Temporal.PlainTime.from({ hour: Number(m[1]), minute: Number(m[2]) });
};

export const isTimeZone = (zone: string): boolean => {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
};

/** The zone's name as the time-zone database spells it (`europe/berlin` is Europe/Berlin). */
export const canonicalTimeZone = (zone: string): string => Temporal.Now.zonedDateTimeISO(zone).timeZoneId;

/**
 * The instant a wall-clock time of a date has in a zone, or null when that time does not exist
 * there (a daylight-saving gap). A time that happens twice (an overlap) is its first occurrence.
 */
export const instantOf = (
  date: Temporal.PlainDate,
  time: Temporal.PlainTime,
  zone: string,
): number | null => {
  const wall = date.toPlainDateTime(time);
  const zoned = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  return zoned.toPlainDateTime().equals(wall) ? zoned.epochMilliseconds : null;
};

/** Where an interval's end lies: a time that falls in a gap ends at the gap's end (the next valid instant). */
const endInstant = (
  date: Temporal.PlainDate,
  end: Temporal.PlainTime | 'end-of-day',
  zone: string,
): number =>
  end === 'end-of-day'
    ? date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds
    : date.toPlainDateTime(end).toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;

/**
 * The zone's offset from UTC in milliseconds all through `date` (from its first instant to the
 * next date's), or null when it changes in between.
 */
function steadyOffset(date: Temporal.PlainDate, zone: string): number | null {
  const first = date.toZonedDateTime({ timeZone: zone });
  const next = date.add({ days: 1 }).toZonedDateTime({ timeZone: zone });
  // A first instant other than midnight is a gap at midnight: a transition's date.
  if (first.hour !== 0 || first.minute !== 0 || first.offsetNanoseconds !== next.offsetNanoseconds)
    return null;
  return first.offsetNanoseconds / 1e6;
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** The intervals a schedule has on one of its dates. */
export const intervalsOn = (schedule: Schedule, date: Temporal.PlainDate): Interval[] =>
  schedule.overrides[date.toString()] ?? schedule.weekly[date.dayOfWeek as 1 | 2 | 3 | 4 | 5 | 6 | 7] ?? [];

/**
 * The slot starts of one date on the schedule's wall clock, stepping by the demo's length from each
 * interval's start, each with its end; only slots that end within their interval.
 */
export function gridOn(schedule: Schedule, date: Temporal.PlainDate): Range[] {
  const zone = schedule.timeZone;
  const out: Range[] = [];
  const intervals = intervalsOn(schedule, date);
  if (intervals.length === 0) return out;
  // On a date whose offset does not change (every date but a transition's), a wall time is that
  // offset away from UTC: arithmetic, not a time-zone lookup per slot. A transition's date takes
  // the lookups below, which resolve its gap and overlap.
  const offset = steadyOffset(date, zone);
  if (offset !== null) {
    const midnight = Date.UTC(date.year, date.month - 1, date.day) - offset;
    for (const interval of intervals) {
      const from = parseWallTime(interval.start);
      if (from === 'end-of-day') continue;
      const to = parseWallTime(interval.end);
      const until = midnight + (to === 'end-of-day' ? 24 * 60 : to.hour * 60 + to.minute) * MINUTE;
      for (let m = from.hour * 60 + from.minute; m < 24 * 60; m += schedule.lengthMin) {
        const start = midnight + m * MINUTE;
        const end = start + schedule.lengthMin * MINUTE;
        if (end > until) break;
        out.push({ start, end });
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }
  for (const interval of intervals) {
    const from = parseWallTime(interval.start);
    if (from === 'end-of-day') continue;
    const until = endInstant(date, parseWallTime(interval.end), zone);
    // Minutes since the interval's start, on the wall clock: 09:00, 09:30, ... whatever the offset.
    const first = from.hour * 60 + from.minute;
    let previous: Range | undefined;
    for (let m = first; m < 24 * 60; m += schedule.lengthMin) {
      const time = Temporal.PlainTime.from({ hour: Math.floor(m / 60), minute: m % 60 });
      const start = instantOf(date, time, zone);
      if (start === null) continue; // no such time on this date: the clocks skip it
      // After a gap, a wall time can lie less than a length after the previous slot's start.
      if (previous && start < previous.end) continue;
      const end = start + schedule.lengthMin * MINUTE;
      if (end > until) break;
      previous = { start, end };
      out.push(previous);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A slot's range with the schedule's buffers around it: what a booking of it blocks. */
export const blockedRange = (schedule: Schedule, slot: Range): Range => ({
  start: slot.start - schedule.bufferBeforeMin * MINUTE,
  end: slot.end + schedule.bufferAfterMin * MINUTE,
});

/** The schedule's local date of an instant. */
export const localDate = (schedule: Schedule, at: number): Temporal.PlainDate =>
  Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(schedule.timeZone).toPlainDate();

/** The instants a date of the schedule (the one holding `at`) begins and ends. */
export const dateBounds = (schedule: Schedule, at: number): Range => {
  const date = localDate(schedule, at);
  return {
    start: date.toZonedDateTime({ timeZone: schedule.timeZone }).epochMilliseconds,
    end: date.add({ days: 1 }).toZonedDateTime({ timeZone: schedule.timeZone }).epochMilliseconds,
  };
};

/**
 * The open slots from `now` on (optionally within `window`), each with the hosts who are free for
 * it: not booked within its buffers, under their daily cap, after the minimum notice and before the
 * horizon.
 */
export function openSlots(schedule: Schedule, hosts: HostLoad[], now: number, window?: Range): Slot[] {
  const earliest = now + schedule.minNoticeMin * MINUTE;
  const latest = now + schedule.horizonDays * 24 * 60 * MINUTE;
  // Only the dates the window reaches: booking one slot does not compute the whole horizon.
  const today = localDate(schedule, window ? Math.max(now, window.start) : now);
  const lastDay = localDate(schedule, window ? Math.min(latest, window.end) : latest);
  // The demos each host has on each date, for the daily cap (none to count without one).
  const dateOf = isoDateIn(schedule.timeZone);
  const perDay = hosts.map((h) => {
    const counts = new Map<string, number>();
    if (schedule.dailyCap === null) return counts;
    for (const s of h.starts) {
      const d = dateOf(s);
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    return counts;
  });
  const sortedBlocked = hosts.map((h) => merged(h.blocked));
  const out: Slot[] = [];
  for (let date = today; Temporal.PlainDate.compare(date, lastDay) <= 0; date = date.add({ days: 1 })) {
    const key = date.toString();
    const free = hosts.map(
      (_, i) => schedule.dailyCap === null || (perDay[i]!.get(key) ?? 0) < schedule.dailyCap,
    );
    if (!free.some(Boolean)) continue;
    for (const slot of gridOn(schedule, date)) {
      if (slot.start < earliest || slot.start > latest) continue;
      if (window && (slot.start < window.start || slot.start >= window.end)) continue;
      const blocked = blockedRange(schedule, slot);
      const ids: string[] = [];
      hosts.forEach((h, i) => {
        if (!free[i]) return;
        if (!busyDuring(sortedBlocked[i]!, blocked)) ids.push(h.id);
      });
      if (ids.length > 0) out.push({ ...slot, hosts: ids });
    }
  }
  return out;
}

/** Ranges sorted by start, those that overlap or touch made one. */
function merged(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Whether any of `sorted` (by start, none overlapping) overlaps `range`: a binary search. */
function busyDuring(sorted: Range[], range: Range): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < range.end) lo = mid + 1;
    else hi = mid;
  }
  // Every range from `lo` on starts at or after `range.end`; the ones before it start before it
  // ends. They do not overlap each other (merged), so their ends rise with their starts and only
  // the last of those can reach past `range.start`.
  return lo > 0 && overlaps(sorted[lo - 1]!, range);
}

export interface HostStanding {
  id: string;
  upcoming: number;
  /** When the host was last given a demo (epoch ms), null if never. */
  lastBookedAt: number | null;
}

/** Account ids are whole numbers as text: a shorter one is a smaller one ("9" before "10"). */
const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Round robin among the hosts free for a slot: the fewest upcoming demos first, then the one
 * booked least recently (never booked first), then by id so the order is total.
 */
export function roundRobin(free: HostStanding[]): HostStanding[] {
  return [...free].sort(
    (a, b) =>
      a.upcoming - b.upcoming ||
      (a.lastBookedAt ?? -Infinity) - (b.lastBookedAt ?? -Infinity) ||
      byId(a.id, b.id),
  );
}

export type PreferredDate = 'today' | 'tomorrow' | 'this-week' | 'next-week' | 'flexible';
export type PreferredTime = 'morning' | 'afternoon' | 'evening' | 'flexible';

const dayParts: Record<Exclude<PreferredTime, 'flexible'>, [number, number]> = {
  morning: [9, 12],
  afternoon: [12, 17],
  evening: [17, 20],
};

/**
 * Whether a slot matches the prospect's wishes, read on the prospect's own clock: "tomorrow" is
 * their tomorrow, "morning" their 9 AM to noon, a week runs Monday to Sunday.
 */
export function matchesWishes(
  slot: Range,
  wishes: { preferredDate: PreferredDate; preferredTime: PreferredTime },
  visitorZone: string,
  now: number,
): boolean {
  return wishMatcher(wishes, visitorZone, now)(slot);
}

const DAY = 24 * 60 * MINUTE;

/** `matchesWishes` for many slots: the visitor's today is read once, each slot's clock natively. */
export function wishMatcher(
  wishes: { preferredDate: PreferredDate; preferredTime: PreferredTime },
  visitorZone: string,
  now: number,
): (slot: Range) => boolean {
  const clock = wallClockIn(visitorZone);
  const today = clock(now);
  // Whole days from a local date to another, as UTC dates (no offsets involved).
  const dayNumber = (c: WallClock) => Date.UTC(c.year, c.month - 1, c.day) / DAY;
  const todayNumber = dayNumber(today);
  const weekStart = todayNumber - ((new Date(todayNumber * DAY).getUTCDay() + 6) % 7);
  const part = wishes.preferredTime === 'flexible' ? null : dayParts[wishes.preferredTime];
  return (slot) => {
    const at = clock(slot.start);
    const day = dayNumber(at);
    const days = day - todayNumber;
    const sinceWeekStart = day - weekStart;
    const dateOk = {
      today: days === 0,
      tomorrow: days === 1,
      'this-week': days >= 0 && sinceWeekStart < 7,
      'next-week': sinceWeekStart >= 7 && sinceWeekStart < 14,
      flexible: true,
    }[wishes.preferredDate];
    if (!dateOk) return false;
    if (!part) return true;
    const minutes = at.hour * 60 + at.minute;
    return minutes >= part[0] * 60 && minutes < part[1] * 60;
  };
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * An instant's reading on a zone's clock, by the platform's own time-zone data (Intl): the same
 * database Temporal reads, without building an object per instant.
 */
function wallClockIn(zone: string): (at: number) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  return (at) => {
    const c = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
    for (const p of format.formatToParts(at)) if (p.type in c) c[p.type as keyof WallClock] = Number(p.value);
    return c;
  };
}

/** An instant's date on a zone's clock as YYYY-MM-DD. */
function isoDateIn(zone: string): (at: number) => string {
  const clock = wallClockIn(zone);
  return (at) => {
    const c = clock(at);
    return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
  };
}
