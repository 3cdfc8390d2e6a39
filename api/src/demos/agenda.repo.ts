import type { Queryable } from '../db/pool.ts';
import type { Range } from './slots.ts';

/**
 * What the desk's agenda reads (docs/demo-slots.md#the-agenda): the schedule's zone, and the
 * pending and confirmed bookings of a range of instants with their prospects and hosts.
 */

export interface AgendaRow {
  id: number;
  lead_id: number;
  starts_at: Date;
  ends_at: Date;
  status: 'pending' | 'confirmed';
  previous_starts_at: Date | null;
  host_id: number;
  username: string;
  /** As the demo request has them now ('' once erased, or when the request is gone). */
  name: string;
  company: string;
  email: string;
}

/** The schedule's IANA zone, or null while the team has no schedule. */
export async function scheduleTimeZone(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM demo_schedule');
  return rows[0]?.time_zone ?? null;
}

/**
 * The pending and confirmed bookings starting within `range`, all hosts' or one's, by start then
 * id. One statement through demo_bookings_upcoming_idx (host_id, starts_at): joined to the
 * accounts, it is read by each host's id and the range, never scanned whole, filtered or not.
 */
export async function agendaBookings(db: Queryable, range: Range, hostId?: number): Promise<AgendaRow[]> {
  const { rows } = await db.query<AgendaRow>(
    `SELECT b.id, b.lead_id, b.starts_at, b.ends_at, b.status, b.previous_starts_at,
            u.id AS host_id, u.username,
            coalesce(d.name, '') AS name, coalesce(d.company, '') AS company, coalesce(d.email, '') AS email
       FROM demo_bookings b
       JOIN admin_users u ON u.id = b.host_id
       LEFT JOIN demo_requests d ON d.id = b.lead_id
      WHERE b.status IN ('pending', 'confirmed')
        AND b.starts_at >= to_timestamp($1::double precision / 1000)
        AND b.starts_at < to_timestamp($2::double precision / 1000)
        ${hostId === undefined ? '' : 'AND b.host_id = $3'}
      ORDER BY b.starts_at, b.id`,
    hostId === undefined ? [range.start, range.end] : [range.start, range.end, hostId],
  );
  return rows;
}
