import type { components } from '@lead-desk/contract';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/pool.ts';
import { badRequest } from '../http/errors.ts';
import { agendaBookings, scheduleTimeZone } from './agenda.repo.ts';

type DemoAgenda = components['schemas']['DemoAgenda'];

/** The zone the agenda reads days in while the team has no schedule. */
const NO_SCHEDULE_ZONE = 'UTC';

export interface AgendaQuery {
  hostId?: number;
  /** The first date, YYYY-MM-DD (the contract checked it is one); today on the schedule's clock when left out. */
  from?: string;
  days: number;
}

/**
 * The desk's agenda (docs/demo-slots.md#the-agenda): the demos booked on a run of dates of the
 * schedule's clock, every date listed, for viewers and up.
 */
export function createAgendaService(db: Db, now: () => number = Date.now) {
  return {
    async read({ hostId, from, days }: AgendaQuery): Promise<DemoAgenda> {
      const timeZone = (await scheduleTimeZone(db)) ?? NO_SCHEDULE_ZONE;
      const first = from
        ? Temporal.PlainDate.from(from)
        : Temporal.Instant.fromEpochMilliseconds(now()).toZonedDateTimeISO(timeZone).toPlainDate();
      const dates = Array.from({ length: days }, (_, i) => first.add({ days: i }));
      // The dates PostgreSQL and the contract's YYYY-MM-DD both hold: there is no year 0.
      if (first.year < 1 || dates.at(-1)!.year > 9999)
        throw badRequest('The agenda reaches past the dates it can show.', [
          { path: '/query/from', message: 'from and the days after it must lie within years 1 to 9999' },
        ]);
      // Each date's first instant on the schedule's clock (a date need not start at 00:00, nor
      // last 24 hours), and the instant the last one ends.
      const starts = [...dates, first.add({ days })].map(
        (d) => d.toZonedDateTime({ timeZone }).epochMilliseconds,
      );
      const rows = await agendaBookings(db, { start: starts[0]!, end: starts[days]! }, hostId);
      const byDay = dates.map((d) => ({
        date: d.toString(),
        demos: [] as DemoAgenda['days'][number]['demos'],
      }));
      // Rows come by start: each goes to the date whose range holds it, walking the dates once.
      let day = 0;
      for (const r of rows) {
        while (r.starts_at.getTime() >= starts[day + 1]!) day++;
        byDay[day]!.demos.push({
          leadId: r.lead_id,
          name: r.name,
          company: r.company,
          email: r.email,
          startsAt: r.starts_at.toISOString(),
          endsAt: r.ends_at.toISOString(),
          status: r.status,
          host: { id: r.host_id, username: r.username },
          previousStartsAt: r.previous_starts_at?.toISOString() ?? null,
        });
      }
      return { timeZone, from: first.toString(), days: byDay };
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
