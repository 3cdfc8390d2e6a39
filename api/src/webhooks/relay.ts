import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { relayOutbox } from './relay.repo.ts';

/** How often the relay looks for new events when the last look found few. */
export const RELAY_INTERVAL_MS = 100;
const BATCH = 1000;

/**
 * Turns new events into deliveries and graphile-worker jobs, about every 100 ms, in batches. An
 * event and its outbox row are written in the transaction of the change that causes it; its jobs
 * are not, because adding a job NOTIFYs and PostgreSQL commits notifying transactions one at a
 * time, which held lead inserts to a tenth of their rate (see the create-webhooks migration and
 * docs/operations.md#webhooks). The outbox row is the durable promise: a relay that stops before
 * taking it leaves it for the next look, by this process or another (they skip each other's rows).
 */
export function startWebhookRelay(deps: { db: Db; log: Logger }, intervalMs = RELAY_INTERVAL_MS) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const look = async () => {
    let wait = intervalMs;
    try {
      // A full batch means more are waiting: look again at once.
      if ((await relayOutbox(deps.db, BATCH)) === BATCH) wait = 0;
    } catch (err) {
      deps.log.warn({ err }, 'webhook relay could not take events from the outbox; trying again');
      wait = Math.max(intervalMs, 1000);
    }
    if (!stopped) timer = setTimeout(() => (current = look()), wait);
  };
  current = look();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
