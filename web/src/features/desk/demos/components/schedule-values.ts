import { schemas } from '@lead-desk/contract/values';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { DemoSchedule } from '../api/schedule.ts';

// The schedule form's values, its checks and its way back from the server's answer. The checks are
// the contract's DemoSchedule (its limits and messages, read from the generated values) and the
// server's own rules (api/src/demos/schedule-rules.ts), in the server's words, so that the desk
// refuses what the server would; the server's 400 is still what counts, and its JSON pointers are
// put back on the fields here (`placeProblems`).

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/**
 * Intervals on one day: a date override holds at most 12 (DemoDateOverride's maxItems), and so many
 * on each weekday keep the week within DemoSchedule's 84 weekly intervals.
 */
export const MAX_INTERVALS = 12;
/** DemoSchedule's maxItems of overrides. */
export const MAX_OVERRIDES = 400;

/** One interval as typed: `HH:MM` from the time inputs; an end of 00:00 is midnight (24:00). */
export interface IntervalValues {
  start: string;
  end: string;
}
export interface OverrideValues {
  date: string;
  /** A day off has no hours; the intervals typed before it was ticked stay, unsent. */
  dayOff: boolean;
  intervals: IntervalValues[];
}
/** What the form holds: numbers as typed, hosts as the checkboxes' values (account ids as text). */
export interface ScheduleValues {
  timeZone: string;
  /** Monday (0) to Sunday (6); no intervals is closed that day. */
  weekly: { intervals: IntervalValues[] }[];
  overrides: OverrideValues[];
  lengthMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minimumNoticeMinutes: string;
  horizonDays: string;
  /** Empty is no cap. */
  dailyCap: string;
  hostIds: string[];
}

type NumberField =
  | 'lengthMinutes'
  | 'bufferBeforeMinutes'
  | 'bufferAfterMinutes'
  | 'minimumNoticeMinutes'
  | 'horizonDays'
  | 'dailyCap';
export const NUMBER_FIELDS: NumberField[] = [
  'lengthMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'minimumNoticeMinutes',
  'horizonDays',
  'dailyCap',
];

const rules = schemas.DemoSchedule.properties;
const wallTime = schemas.WallTime;
const dateMessages = schemas.DemoDateOverride.properties.date['x-messages'];
export const limits = (f: NumberField) => ({ min: rules[f].minimum, max: rules[f].maximum });

/** The viewer's own time zone: a new schedule's. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones to choose from: every IANA zone the browser knows, and the ones given (the schedule's). */
export function zoneOptions(...also: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...also.filter(Boolean)])].sort();
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const inputTime = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const wallPattern = new RegExp(wallTime.pattern, 'u');
/** The contract's wall time for a typed end: the time input cannot say 24:00, so 00:00 says it. */
const endOf = (typed: string) => (typed === '00:00' ? '24:00' : typed);
/** Minutes after midnight of a wall time; `24:00` is 1440. */
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const realDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};
/** A whole number typed in a field, or undefined when it is none. */
const whole = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : undefined);

const interval = z.object({ start: z.string(), end: z.string() });
type Issue = { path: (string | number)[]; message: string };

/** Everything wrong with the form's values, each at its field, in the contract's or server's words. */
export function scheduleIssues(v: ScheduleValues): Issue[] {
  const issues: Issue[] = [];
  const issue = (path: (string | number)[], message: string) => issues.push({ path, message });

  const zone = v.timeZone.trim();
  const zoneMessages = rules.timeZone['x-messages'];
  if (zone === '') issue(['timeZone'], zoneMessages.required);
  else if ([...zone].length > rules.timeZone.maxLength || !new RegExp(rules.timeZone.pattern, 'u').test(zone))
    issue(['timeZone'], zoneMessages.pattern);
  else if (!isTimeZone(zone))
    issue(['timeZone'], `Unknown time zone "${zone}": use an IANA name such as Europe/Berlin`);

  for (const f of NUMBER_FIELDS) {
    if (f === 'dailyCap' && v.dailyCap.trim() === '') continue;
    const n = whole(v[f]);
    if (n === undefined || n < rules[f].minimum || n > rules[f].maximum)
      issue([f], rules[f]['x-messages'].minimum);
  }
  if (v.hostIds.length === 0) issue(['hostIds'], rules.hostIds['x-messages'].minItems);

  // A day's intervals, as the server checks them: each ends after it starts and holds one demo;
  // none overlaps another (touching is fine). A message about an interval as a whole is at its start.
  // The server checks the intervals once the contract's limits hold: a length outside them is its own problem.
  const typedLength = whole(v.lengthMinutes);
  const length =
    typedLength !== undefined &&
    typedLength >= rules.lengthMinutes.minimum &&
    typedLength <= rules.lengthMinutes.maximum
      ? typedLength
      : undefined;
  const checkDay = (day: string, rows: { path: (string | number)[]; start: string; end: string }[]) => {
    const valid: { path: (string | number)[]; from: number; to: number }[] = [];
    for (const { path, start, end } of rows) {
      let typed = true;
      for (const [name, t] of [
        ['start', start],
        ['end', end],
      ] as const) {
        if (t === '') issue([...path, name], wallTime['x-messages'].required);
        else if (!inputTime.test(t) || !wallPattern.test(t))
          issue([...path, name], wallTime['x-messages'].pattern);
        else continue;
        typed = false;
      }
      if (!typed) continue;
      const from = minutesOf(start);
      const to = minutesOf(endOf(end));
      if (to <= from) issue([...path, 'end'], 'The end must be after the start');
      else if (length !== undefined && to - from < length)
        issue([...path, 'start'], `${start}–${endOf(end)} is shorter than one demo (${length} minutes)`);
      else valid.push({ path, from, to });
    }
    valid.sort((a, b) => a.from - b.from);
    // Against the furthest end so far: an interval inside a long one, after another inside it, too.
    let reach = -1;
    for (const h of valid) {
      if (h.from < reach) issue([...h.path, 'start'], `Overlaps another interval on ${day}`);
      reach = Math.max(reach, h.to);
    }
  };

  v.weekly.forEach((day, d) =>
    checkDay(
      WEEKDAYS[d]!,
      day.intervals.map((h, j) => ({ path: ['weekly', d, 'intervals', j], ...h })),
    ),
  );
  const seen = new Set<string>();
  v.overrides.forEach((o, i) => {
    if (o.date === '') issue(['overrides', i, 'date'], dateMessages.required);
    else if (!realDate(o.date)) issue(['overrides', i, 'date'], dateMessages.format);
    else if (seen.has(o.date)) issue(['overrides', i, 'date'], `${o.date} is overridden twice`);
    seen.add(o.date);
    if (o.dayOff) return;
    if (o.intervals.length === 0) issue(['overrides', i, 'dayOff'], 'Add hours, or tick Day off');
    checkDay(
      o.date || `date override ${i + 1}`,
      o.intervals.map((h, j) => ({ path: ['overrides', i, 'intervals', j], ...h })),
    );
  });
  return issues;
}

/** The body of saveDemoSchedule for checked values: weekdays' intervals in order, Monday first. */
export function scheduleBody(v: ScheduleValues): DemoSchedule {
  const hours = (h: IntervalValues) => ({ start: h.start, end: endOf(h.end) });
  const number = (typed: string) => Number(typed.trim());
  return {
    timeZone: v.timeZone.trim(),
    weekly: v.weekly.flatMap((day, d) => day.intervals.map((h) => ({ weekday: d + 1, ...hours(h) }))),
    overrides: v.overrides.map((o) => ({ date: o.date, intervals: o.dayOff ? [] : o.intervals.map(hours) })),
    lengthMinutes: number(v.lengthMinutes),
    bufferBeforeMinutes: number(v.bufferBeforeMinutes),
    bufferAfterMinutes: number(v.bufferAfterMinutes),
    minimumNoticeMinutes: number(v.minimumNoticeMinutes),
    horizonDays: number(v.horizonDays),
    dailyCap: v.dailyCap.trim() === '' ? null : number(v.dailyCap),
    hostIds: v.hostIds.map(Number),
  };
}

export const scheduleSchema: z.ZodType<DemoSchedule, ScheduleValues> = z
  .object({
    timeZone: z.string(),
    weekly: z.array(z.object({ intervals: z.array(interval) })),
    overrides: z.array(z.object({ date: z.string(), dayOff: z.boolean(), intervals: z.array(interval) })),
    lengthMinutes: z.string(),
    bufferBeforeMinutes: z.string(),
    bufferAfterMinutes: z.string(),
    minimumNoticeMinutes: z.string(),
    horizonDays: z.string(),
    dailyCap: z.string(),
    hostIds: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    for (const { path, message } of scheduleIssues(v)) ctx.addIssue({ code: 'custom', path, message });
  })
  .transform(scheduleBody);

/** The hours a day gets when it opens: 09:00 to 17:00. */
export const openingHours = (): IntervalValues => ({ start: '09:00', end: '17:00' });

/** The form's values for a schedule; for none, a new one: weekdays 09:00–17:00 in the viewer's zone. */
export function scheduleValues(s: DemoSchedule | null): ScheduleValues {
  const typed = (h: { start: string; end: string }) => ({
    start: h.start,
    end: h.end === '24:00' ? '00:00' : h.end,
  });
  if (!s)
    return {
      timeZone: browserTimeZone(),
      weekly: WEEKDAYS.map((_, d) => ({ intervals: d < 5 ? [openingHours()] : [] })),
      overrides: [],
      lengthMinutes: '30',
      bufferBeforeMinutes: '0',
      bufferAfterMinutes: '0',
      minimumNoticeMinutes: '240',
      horizonDays: '30',
      dailyCap: '',
      hostIds: [],
    };
  return {
    timeZone: s.timeZone,
    weekly: WEEKDAYS.map((_, d) => ({
      intervals: s.weekly.filter((h) => h.weekday === d + 1).map(typed),
    })),
    overrides: s.overrides.map((o) => ({
      date: o.date,
      dayOff: o.intervals.length === 0,
      intervals: o.intervals.map(typed),
    })),
    lengthMinutes: String(s.lengthMinutes),
    bufferBeforeMinutes: String(s.bufferBeforeMinutes),
    bufferAfterMinutes: String(s.bufferAfterMinutes),
    minimumNoticeMinutes: String(s.minimumNoticeMinutes),
    horizonDays: String(s.horizonDays),
    dailyCap: s.dailyCap === null ? '' : String(s.dailyCap),
    hostIds: s.hostIds.map(String),
  };
}

/** A problem of the server's 400 (the contract's Problem `errors`): a JSON pointer into the body. */
export interface FieldProblem {
  path: string;
  message: string;
}

const SCALARS = new Set<string>(['timeZone', ...NUMBER_FIELDS]);

/**
 * The form's field a pointer into the body names, or undefined when it names none (the whole
 * `/weekly`, say). The body's weekly intervals are the form's days one after another, so
 * `/weekly/3` is found by counting; overrides and hosts are in the form's order. A problem with an
 * interval as a whole (`/weekly/3`: it overlaps, or is too short) is shown at its start.
 */
export function fieldOf(pointer: string, v: ScheduleValues): Path<ScheduleValues> | undefined {
  const [name, ...rest] = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const index = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : -1);
  const part = (s: string | undefined) => (s === 'end' ? 'end' : 'start');
  if (name === undefined) return undefined;
  if (SCALARS.has(name) && rest.length === 0) return name as Path<ScheduleValues>;
  if (name === 'hostIds') return 'hostIds';
  if (name === 'weekly') {
    const places = v.weekly.flatMap((day, d) => day.intervals.map((_, j) => ({ d, j })));
    const at = places[index(rest[0])];
    return at && `weekly.${at.d}.intervals.${at.j}.${part(rest[1])}`;
  }
  if (name === 'overrides') {
    const i = index(rest[0]);
    const o = v.overrides[i];
    if (!o) return undefined;
    const j = index(rest[2]);
    if (rest[1] === 'intervals' && o.intervals[j] && !o.dayOff)
      return `overrides.${i}.intervals.${j}.${part(rest[3])}`;
    return `overrides.${i}.date`;
  }
  return undefined;
}

/** Where a field is on the page: the time zone, the weekdays and overrides, the demos, the hosts. */
const ORDER = ['timeZone', 'weekly', 'overrides', ...NUMBER_FIELDS, 'hostIds'];
function pageOrder(a: string, b: string): number {
  const [x, y] = [a.split('.'), b.split('.')];
  const rank = ORDER.indexOf(x[0]!) - ORDER.indexOf(y[0]!);
  if (rank !== 0) return rank;
  for (let i = 1; i < Math.min(x.length, y.length); i++) {
    const [m, n] = [Number(x[i]), Number(y[i])];
    if (Number.isInteger(m) && Number.isInteger(n) && m !== n) return m - n;
    if (x[i] !== y[i]) return x[i] === 'start' ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The server's problems at the form's fields, in the page's order (the first for a field; a host's
 * named, as the pointer says only its place among the hosts ticked), and those it names no field for.
 */
export function placeProblems(
  problems: FieldProblem[],
  v: ScheduleValues,
  hostName: (id: string) => string,
): { placed: [Path<ScheduleValues>, string][]; unplaced: string[] } {
  const placed = new Map<Path<ScheduleValues>, string>();
  const unplaced: string[] = [];
  for (const p of problems) {
    const field = fieldOf(p.path, v);
    if (!field) {
      unplaced.push(p.message);
      continue;
    }
    const host = /^\/hostIds\/(\d+)$/.exec(p.path)?.[1];
    const id = host === undefined ? undefined : v.hostIds[Number(host)];
    const message = id === undefined ? p.message : `${hostName(id)}: ${p.message}`;
    const before = placed.get(field);
    if (before === undefined) placed.set(field, message);
    else if (field === 'hostIds') placed.set(field, `${before}; ${message}`);
  }
  return { placed: [...placed].sort(([a], [b]) => pageOrder(a, b)), unplaced };
}
