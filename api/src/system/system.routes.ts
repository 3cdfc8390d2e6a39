import type { Db } from '../db/pool.ts';
import { unavailable } from '../http/errors.ts';
import type { Handlers } from '../http/typed.ts';
import { ping } from './system.repo.ts';

export function systemHandlers(db: Db): Pick<Handlers, 'getHealth'> {
  return {
    getHealth: async ({ ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      try {
        await ping(db);
      } catch (err) {
        throw unavailable(err);
      }
      return { status: 200, body: { status: 'ok', database: 'ok' } };
    },
  };
}
