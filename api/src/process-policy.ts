import { isDatabaseUnavailable } from './db/pool.ts';
import type { Logger } from './http/logger.ts';
import type { WorkerMetrics } from './metrics/metrics.ts';

/**
 * What a process does with a promise rejection nothing handled (docs/operations.md#worker-restarts).
 * Node's default ends the process, which took the site down with a job worker that lost its
 * database for a few seconds. Instead each one is logged with its stack and counted in
 * `leaddesk_unhandled_rejections_total`: `database` when it only says the database was unreachable
 * (every part retries: requests answer 503, the job runners restart), `other` for anything else,
 * a bug to look at. `onBug` decides what a bug costs: the API keeps serving; the standalone worker
 * exits non-zero so that its container is restarted.
 */
export function handleUnhandledRejections(log: Logger, onBug?: () => void) {
  let metrics: WorkerMetrics | undefined;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      metrics?.unhandledRejections.inc({ kind: 'database' });
      log.warn({ err: reason }, 'unhandled rejection while the database was unreachable; carrying on');
      return;
    }
    metrics?.unhandledRejections.inc({ kind: 'other' });
    log.error({ err: reason }, 'unhandled promise rejection: a bug');
    onBug?.();
  });
  return {
    /** From now on, counts them in these metrics too (created once the database is up). */
    countIn(m: WorkerMetrics) {
      metrics = m;
    },
  };
}
