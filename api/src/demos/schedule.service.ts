import type { components } from '@lead-desk/contract';
import { ASSIGNABLE_ROLES } from '../admin/assignment/assignment.repo.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import type { AuditChange, AuditSource } from '../audit/audit.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/transaction.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { scheduleProblems } from './schedule-rules.ts';
import { deleteSchedule, readSchedule, unfitHosts, writeSchedule } from './schedule-settings.repo.ts';
import { canonicalTimeZone } from './slots.ts';

type DemoSchedule = components['schemas']['DemoSchedule'];

/** What changed between two schedules: names only, the hosts with their ids before and after. */
function changesOf(before: DemoSchedule | undefined, after: DemoSchedule): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const key of Object.keys(after) as (keyof DemoSchedule)[]) {
    if (key === 'hostIds') continue;
    if (JSON.stringify(before?.[key]) !== JSON.stringify(after[key])) changes[key] = {};
  }
  const hostsBefore = [...(before?.hostIds ?? [])].sort((a, b) => a - b);
  const hostsAfter = [...after.hostIds].sort((a, b) => a - b);
  if (JSON.stringify(hostsBefore) !== JSON.stringify(hostsAfter))
    changes.hostIds = { from: hostsBefore, to: hostsAfter };
  return changes;
}

/** Stored order: weekly hours by weekday and start, overrides by date and start. */
function normalized(s: DemoSchedule): DemoSchedule {
  return {
    ...s,
    timeZone: canonicalTimeZone(s.timeZone),
    weekly: [...s.weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)),
    overrides: [...s.overrides]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((o) => ({ ...o, intervals: [...o.intervals].sort((a, b) => a.start.localeCompare(b.start)) })),
  };
}

/** The team's demo schedule in the desk (docs/demo-slots.md#the-schedule), for admins. */
export function createScheduleService(db: Db) {
  return {
    async get() {
      const found = await readSchedule(db);
      return found ? { schedule: found.schedule, updatedAt: found.updatedAt.toISOString() } : null;
    },

    async save(input: DemoSchedule, source: AuditSource) {
      const problems = scheduleProblems(input);
      if (problems.length > 0)
        throw badRequest(`The schedule was not saved: ${problems[0]!.message}.`, problems);
      const next = normalized(input);
      return inTransaction(db, async (client) => {
        const before = await readSchedule(client, { lock: true });
        // A host deactivated since the last save may stay listed (and takes no demos); a new
        // host must be an active account that works leads.
        const unfit = await unfitHosts(client, next.hostIds, ASSIGNABLE_ROLES);
        const kept = new Set(before?.schedule.hostIds ?? []);
        const refused = next.hostIds.flatMap((id, i) =>
          unfit.has(id) && !kept.has(id)
            ? [{ path: `/hostIds/${i}`, message: 'Must be an active member, admin or owner of the team' }]
            : [],
        );
        if (refused.length > 0)
          throw badRequest('The schedule was not saved: hosts are active accounts that work leads.', refused);
        const changes = changesOf(before?.schedule, next);
        if (before && Object.keys(changes).length === 0)
          return { schedule: before.schedule, updatedAt: before.updatedAt.toISOString() };
        await writeSchedule(client, next);
        await insertAuditEntry(client, source, {
          action: 'demo-schedule.changed',
          target: { type: 'demo-schedule', id: null },
          changes,
          ...(before ? {} : { details: { created: true } }),
        });
        const saved = (await readSchedule(client))!;
        return { schedule: saved.schedule, updatedAt: saved.updatedAt.toISOString() };
      });
    },

    async remove(source: AuditSource) {
      await inTransaction(db, async (client) => {
        if (!(await deleteSchedule(client))) throw notFound('The team has no demo schedule.');
        await insertAuditEntry(client, source, {
          action: 'demo-schedule.removed',
          target: { type: 'demo-schedule', id: null },
        });
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
