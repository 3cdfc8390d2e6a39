import type { Db } from '../db/pool.ts';
import { openSlots, type HostLoad, type Interval, type Range, type Schedule, type Slot } from './slots.ts';

/**
 * The team's demo schedule as the slot computation takes it (docs/demo-slots.md), and the open
 * slots it has now. Hosts are the schedule's accounts that are active and work leads (not viewers).
 */

const MINUTE = 60_000;
const hhmm = (t: string) => (t.startsWith('24:') ? '24:00' : t.slice(0, 5));

/** The schedule, with its overrides from the day before `since` on; null when the team has none. */
export async function loadSchedule(db: Pick<Db, 'query'>, since: number): Promise<Schedule | null> {
  const [head, hours, overrides] = await Promise.all([
    db.query<{
      time_zone: string;
      length_min: number;
      buffer_before_min: number;
      buffer_after_min: number;
      min_notice_min: number;
      horizon_days: number;
      daily_cap: number | null;
    }>(
      `SELECT time_zone, length_min, buffer_before_min, buffer_after_min, min_notice_min, horizon_days, daily_cap
         FROM demo_schedule`,
    ),
    db.query<{ weekday: number; starts: string; ends: string }>(
      `SELECT weekday, starts::text, ends::text FROM demo_schedule_hours ORDER BY weekday, starts`,
    ),
    db.query<{ day: string; starts: string | null; ends: string | null }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, starts::text, ends::text
         FROM demo_schedule_overrides WHERE day >= (to_timestamp($1 / 1000.0) AT TIME ZONE 'UTC')::date - 1
        ORDER BY day, starts NULLS FIRST`,
      [since],
    ),
  ]);
  const s = head.rows[0];
  if (!s) return null;
  const weekly: Schedule['weekly'] = {};
  for (const h of hours.rows) {
    const day = h.weekday as keyof Schedule['weekly'];
    (weekly[day] ??= []).push({ start: hhmm(h.starts), end: hhmm(h.ends) });
  }
  const byDate: Record<string, Interval[]> = {};
  for (const o of overrides.rows) {
    const list = (byDate[o.day] ??= []);
    if (o.starts !== null && o.ends !== null) list.push({ start: hhmm(o.starts), end: hhmm(o.ends) });
  }
  return {
    timeZone: s.time_zone,
    weekly,
    overrides: byDate,
    lengthMin: s.length_min,
    bufferBeforeMin: s.buffer_before_min,
    bufferAfterMin: s.buffer_after_min,
    minNoticeMin: s.min_notice_min,
    horizonDays: s.horizon_days,
    dailyCap: s.daily_cap,
  };
}

/**
 * Each active host's pending and confirmed demos whose time with buffers reaches into `range`
 * (widened by a day each side, so a date's cap counts demos of the whole of that date).
 */
export async function hostLoads(db: Pick<Db, 'query'>, range: Range): Promise<HostLoad[]> {
  const { rows } = await db.query<{
    id: string;
    blocked: [string, string][] | null;
    starts: string[] | null;
  }>(
    `SELECT h.admin_id::text AS id,
            array_agg(json_build_array(
              (extract(epoch FROM lower(b.blocked)) * 1000)::bigint::text,
              (extract(epoch FROM upper(b.blocked)) * 1000)::bigint::text)) FILTER (WHERE b.id IS NOT NULL) AS blocked,
            array_agg((extract(epoch FROM b.starts_at) * 1000)::bigint::text) FILTER (WHERE b.id IS NOT NULL) AS starts
       FROM demo_hosts h
       JOIN admin_users u ON u.id = h.admin_id AND u.deactivated_at IS NULL
        AND u.role IN ('member', 'admin', 'owner')
       LEFT JOIN demo_bookings b
         ON b.host_id = h.admin_id AND b.status IN ('pending', 'confirmed')
        AND b.blocked && tstzrange(to_timestamp($1 / 1000.0), to_timestamp($2 / 1000.0))
      GROUP BY h.admin_id
      ORDER BY h.admin_id`,
    [range.start - 24 * 60 * MINUTE, range.end + 24 * 60 * MINUTE],
  );
  return rows.map((r) => ({
    id: r.id,
    blocked: (r.blocked ?? []).map(([a, b]) => ({ start: Number(a), end: Number(b) })),
    starts: (r.starts ?? []).map(Number),
  }));
}

/** The open slots from `now` within the schedule's horizon (or `window`); none without a schedule or hosts. */
export async function currentOpenSlots(db: Pick<Db, 'query'>, now: number, window?: Range): Promise<Slot[]> {
  const schedule = await loadSchedule(db, now);
  return schedule ? openSlotsOf(db, schedule, now, window) : [];
}

/** The open slots of a schedule already read, with its hosts' booked times as they are now. */
export async function openSlotsOf(
  db: Pick<Db, 'query'>,
  schedule: Schedule,
  now: number,
  window?: Range,
): Promise<Slot[]> {
  const span = window ?? {
    start: now,
    end: now + schedule.horizonDays * 24 * 60 * MINUTE + schedule.lengthMin * MINUTE,
  };
  const hosts = await hostLoads(db, span);
  return openSlots(schedule, hosts, now, window);
}
