import type { components } from '@lead-desk/contract';
import type { Queryable } from '../db/pool.ts';

type DemoSchedule = components['schemas']['DemoSchedule'];

/**
 * The demo schedule as the desk reads and writes it (the contract's DemoSchedule); the slot
 * computation reads it through schedule.repo.ts. Times are HH:MM, `24:00` ending a day.
 */

const hhmm = (t: string) => (t.startsWith('24:') ? '24:00' : t.slice(0, 5));

/**
 * The schedule with its overrides from yesterday on (on its own clock), or null; `lock` holds its
 * row until the transaction ends, so two saves apply one after the other.
 */
export async function readSchedule(
  db: Queryable,
  { lock = false } = {},
): Promise<{ schedule: DemoSchedule; updatedAt: Date } | null> {
  const head = await db.query<{
    time_zone: string;
    length_min: number;
    buffer_before_min: number;
    buffer_after_min: number;
    min_notice_min: number;
    horizon_days: number;
    daily_cap: number | null;
    updated_at: Date;
  }>(
    `SELECT time_zone, length_min, buffer_before_min, buffer_after_min, min_notice_min, horizon_days,
            daily_cap, updated_at
       FROM demo_schedule${lock ? ' FOR UPDATE' : ''}`,
  );
  const s = head.rows[0];
  if (!s) return null;
  // One after another: `db` may be a transaction's client, which runs one query at a time.
  const hours = await db.query<{ weekday: number; starts: string; ends: string }>(
    'SELECT weekday, starts::text, ends::text FROM demo_schedule_hours ORDER BY weekday, starts',
  );
  const overrides = await db.query<{ day: string; starts: string | null; ends: string | null }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, starts::text, ends::text
       FROM demo_schedule_overrides
      WHERE day >= (now() AT TIME ZONE $1)::date - 1
      ORDER BY day, starts NULLS FIRST`,
    [s.time_zone],
  );
  const hosts = await db.query<{ admin_id: string }>(
    'SELECT admin_id::text FROM demo_hosts ORDER BY admin_id',
  );
  const byDate = new Map<string, DemoSchedule['overrides'][number]>();
  for (const o of overrides.rows) {
    const entry = byDate.get(o.day) ?? { date: o.day, intervals: [] };
    byDate.set(o.day, entry);
    if (o.starts !== null && o.ends !== null)
      entry.intervals.push({ start: hhmm(o.starts), end: hhmm(o.ends) });
  }
  return {
    schedule: {
      timeZone: s.time_zone,
      weekly: hours.rows.map((h) => ({ weekday: h.weekday, start: hhmm(h.starts), end: hhmm(h.ends) })),
      overrides: [...byDate.values()],
      lengthMinutes: s.length_min,
      bufferBeforeMinutes: s.buffer_before_min,
      bufferAfterMinutes: s.buffer_after_min,
      minimumNoticeMinutes: s.min_notice_min,
      horizonDays: s.horizon_days,
      dailyCap: s.daily_cap,
      hostIds: hosts.rows.map((h) => Number(h.admin_id)),
    },
    updatedAt: s.updated_at,
  };
}

/** Replaces the whole schedule; run it in a transaction after the checks. */
export async function writeSchedule(db: Queryable, s: DemoSchedule): Promise<void> {
  await db.query(
    `INSERT INTO demo_schedule
       (id, time_zone, length_min, buffer_before_min, buffer_after_min, min_notice_min, horizon_days, daily_cap)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET
       time_zone = EXCLUDED.time_zone, length_min = EXCLUDED.length_min,
       buffer_before_min = EXCLUDED.buffer_before_min, buffer_after_min = EXCLUDED.buffer_after_min,
       min_notice_min = EXCLUDED.min_notice_min, horizon_days = EXCLUDED.horizon_days,
       daily_cap = EXCLUDED.daily_cap, updated_at = clock_timestamp()`,
    [
      s.timeZone,
      s.lengthMinutes,
      s.bufferBeforeMinutes,
      s.bufferAfterMinutes,
      s.minimumNoticeMinutes,
      s.horizonDays,
      s.dailyCap,
    ],
  );
  await db.query('DELETE FROM demo_schedule_hours');
  await db.query(
    `INSERT INTO demo_schedule_hours (weekday, starts, ends)
     SELECT * FROM unnest($1::smallint[], $2::time[], $3::time[])`,
    [s.weekly.map((h) => h.weekday), s.weekly.map((h) => h.start), s.weekly.map((h) => h.end)],
  );
  await db.query('DELETE FROM demo_schedule_overrides');
  const days = s.overrides.flatMap((o): { date: string; start: string | null; end: string | null }[] =>
    o.intervals.length === 0
      ? [{ date: o.date, start: null, end: null }]
      : o.intervals.map((h) => ({ date: o.date, ...h })),
  );
  await db.query(
    `INSERT INTO demo_schedule_overrides (day, starts, ends)
     SELECT * FROM unnest($1::date[], $2::time[], $3::time[])`,
    [days.map((d) => d.date), days.map((d) => d.start), days.map((d) => d.end)],
  );
  await db.query('DELETE FROM demo_hosts WHERE admin_id <> ALL($1::bigint[])', [s.hostIds]);
  await db.query(
    'INSERT INTO demo_hosts (admin_id) SELECT unnest($1::bigint[]) ON CONFLICT (admin_id) DO NOTHING',
    [s.hostIds],
  );
}

/** Removes the schedule, its hours, overrides and hosts; bookings stay. False when there was none. */
export async function deleteSchedule(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM demo_schedule');
  await db.query('DELETE FROM demo_schedule_hours');
  await db.query('DELETE FROM demo_schedule_overrides');
  await db.query('DELETE FROM demo_hosts');
  return (rowCount ?? 0) > 0;
}

/** Of these accounts, the ones that may not host (missing, deactivated, or viewers), held until commit. */
export async function unfitHosts(
  db: Queryable,
  ids: number[],
  roles: readonly string[],
): Promise<Set<number>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text FROM admin_users
      WHERE id = ANY($1::bigint[]) AND role = ANY($2::text[]) AND deactivated_at IS NULL
      ORDER BY id FOR SHARE`,
    [ids, roles],
  );
  const fit = new Set(rows.map((r) => Number(r.id)));
  return new Set(ids.filter((id) => !fit.has(id)));
}
