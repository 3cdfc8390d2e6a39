import { requestSource } from '../audit/audit.ts';
import type { Handlers } from '../http/typed.ts';
import type { ScheduleService } from './schedule.service.ts';

type Ops = 'getDemoSchedule' | 'saveDemoSchedule' | 'removeDemoSchedule';

/** The demo schedule's desk operations (docs/demo-slots.md#the-schedule). */
export function demoHandlers(schedule: ScheduleService): Pick<Handlers, Ops> {
  return {
    getDemoSchedule: async () => ({
      status: 200,
      body: (await schedule.get()) ?? { schedule: null, updatedAt: null },
    }),
    saveDemoSchedule: async ({ body, ctx }) => ({
      status: 200,
      body: await schedule.save(body, requestSource(ctx)),
    }),
    removeDemoSchedule: async ({ ctx }) => {
      await schedule.remove(requestSource(ctx));
      return { status: 204 };
    },
  };
}
