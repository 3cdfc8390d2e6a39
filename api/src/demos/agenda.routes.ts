import type { Handlers } from '../http/typed.ts';
import type { AgendaService } from './agenda.service.ts';

/** The desk's agenda of booked demos (docs/demo-slots.md#the-agenda). */
export function agendaHandlers(agenda: AgendaService): Pick<Handlers, 'getDemoAgenda'> {
  return {
    // Admin answers are no-store already (http/mount.ts), as the contract says of this one.
    getDemoAgenda: async ({ query }) => ({
      status: 200,
      body: await agenda.read({ hostId: query.hostId, from: query.from, days: query.days ?? 7 }),
    }),
  };
}
