import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How busy the HTTP server of this process is, for the job worker that shares the process under
 * `npm start` (docs/operations.md#yield): while visitors' requests keep the server saturated, the
 * worker runs one job at a time instead of all it may (jobs/worker.ts), so the lead being submitted
 * is not slowed down much by the emails and webhooks of the leads before it.
 */
export interface Foreground {
  /** True while the requests in flight, averaged over the last few tenths of a second, reach the mark. */
  busy(): boolean;
}

export interface ForegroundTracker extends Foreground {
  /** To be called for every request the server receives (its `request` event). */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Requests in flight now. */
  inFlight(): number;
  /** Calls `listener` whenever busy() changes (the worker's thread is told so, jobs/worker-thread.ts). */
  onChange(listener: (busy: boolean) => void): void;
  stop(): void;
}

const SAMPLE_MS = 100;
/** Weight of each sample: the average forgets a sample in a few (a few tenths of a second). */
const ALPHA = 0.5;

/**
 * `busyAt` requests in flight on average make the server busy, until the average falls below half
 * of it (so the state does not flicker at the mark); 0 means never. The average is over time (the
 * area under the count of requests in flight), not of samples, which would see none whenever a
 * long piece of work has just let every waiting request finish.
 */
export function trackForeground(busyAt: number): ForegroundTracker {
  let inFlight = 0;
  let area = 0;
  let changedAt = performance.now();
  let sampledAt = changedAt;
  let average = 0;
  let busy = false;
  const listeners: ((busy: boolean) => void)[] = [];
  const settle = () => {
    const now = performance.now();
    area += inFlight * (now - changedAt);
    changedAt = now;
    return now;
  };
  const sampler = setInterval(() => {
    const now = settle();
    const mean = now > sampledAt ? area / (now - sampledAt) : inFlight;
    area = 0;
    sampledAt = now;
    average += ALPHA * (mean - average);
    const was = busy;
    busy = busyAt > 0 && average >= (busy ? busyAt / 2 : busyAt);
    if (busy !== was) for (const listener of listeners) listener(busy);
  }, SAMPLE_MS);
  sampler.unref();
  return {
    onRequest(_req, res) {
      settle();
      inFlight += 1;
      // 'close' comes once per response, whether it finished or the client went away.
      res.once('close', () => {
        settle();
        inFlight -= 1;
      });
    },
    busy: () => busy,
    inFlight: () => inFlight,
    onChange: (listener) => void listeners.push(listener),
    stop: () => clearInterval(sampler),
  };
}

/** A relay's side of yielding: whether it hands background work over now, and telling it caught up. */
export interface BackgroundHandOver {
  now(): boolean;
  /** To be called when a look that handed everything over found no more waiting. */
  caughtUp(): void;
}

/**
 * Whether a relay (the mail dispatcher, the webhook relay) hands background work over to the job
 * queue now (docs/operations.md#yield): always while the server is not busy; while it is, only
 * once `maxWaitMs` has passed since the relay last caught up, and from then until it catches up
 * again. Whatever waits was written after that moment, so a rush delays nothing by much more than
 * `maxWaitMs`, however long it lasts.
 */
export function backgroundHandOver(server: Foreground | undefined, maxWaitMs: number): BackgroundHandOver {
  let caughtUpAt = performance.now();
  return {
    now: () => !server?.busy() || performance.now() - caughtUpAt >= maxWaitMs,
    caughtUp: () => {
      caughtUpAt = performance.now();
    },
  };
}
