import type { TaskList } from 'graphile-worker';
import { attemptDeliveries, type DeliverDeps } from './deliver.ts';

/** The task's name in graphile-worker; the create-webhooks migration's webhook_enqueue adds its jobs. */
export const DELIVER_TASK = 'webhook_deliver';

function deliveryIdsOf(payload: unknown): number[] {
  const ids = (payload as { deliveryIds?: unknown } | null)?.deliveryIds;
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id))) {
    throw new Error(`${DELIVER_TASK}: a job without deliveryIds`);
  }
  return ids as number[];
}

/**
 * The webhook tasks, for any job runner to include (see jobs/queue.ts). One job is the next
 * attempt of up to 100 deliveries (a batch of leads, or the retries due at one time); a failed
 * attempt queues the next itself, on the product's schedule.
 */
export function webhookTasks(deps: DeliverDeps): TaskList {
  return {
    [DELIVER_TASK]: async (payload) => {
      await attemptDeliveries(deps, deliveryIdsOf(payload));
    },
  };
}
