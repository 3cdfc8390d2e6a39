import { requestSource } from '../audit/audit.ts';
import type { Handlers } from '../http/typed.ts';
import type { BookingService } from './booking.service.ts';
import type { ScheduleService } from './schedule.service.ts';

type Ops =
  'getDemoSchedule' | 'saveDemoSchedule' | 'removeDemoSchedule' | 'getDemoBookingOffer' | 'bookDemoSlot';

/**
 * The demo schedule's desk operations (docs/demo-slots.md#the-schedule) and a prospect picking a
 * time in it (docs/demo-slots.md#picking-a-time).
 */
export function demoHandlers(schedule: ScheduleService, booking: BookingService): Pick<Handlers, Ops> {
  return {
    getDemoBookingOffer: async ({ query, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return { status: 200, body: await booking.offer(ctx, query.timeZone) };
    },
    bookDemoSlot: async ({ body, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return { status: 201, body: await booking.book(ctx, body, requestSource(ctx)) };
    },
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
