import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How busy the HTTP server of this process is, for the job worker that shares the process under
 * `npm start` (docs/operations.md#yield): while visitors' requests keep the server saturated, the
 * worker starts no new work (for the first 30 s, then small portions only), so the lead being
 * submitted is not slowed down by the emails and webhooks of the leads before it; they go out once
 * the rush is over.
 */
export interface Foreground {
  /** True while the requests in flight, averaged over the last few tenths of a second, reach the mark. */
  busy(): boolean;
  /** How long the server has been busy without a break, in ms; 0 while it is not busy. */
  busyFor(): number;
}

export interface ForegroundTracker extends Foreground {
  /** To be called for every request the server receives (its `request` event). */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Requests in flight now. */
  inFlight(): number;
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
  let busySince = 0;
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
    if (busy && !was) busySince = now;
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
    busyFor: () => (busy ? performance.now() - busySince : 0),
    inFlight: () => inFlight,
    stop: () => clearInterval(sampler),
  };
}

/** How long a rush holds all new follow-up work before portions start moving (docs/operations.md#yield). */
export const HOLD_MS = 30_000;

/** True during the first `holdMs` of a rush: the worker starts no new work at all. */
export const holding = (foreground: Foreground | undefined, holdMs = HOLD_MS) =>
  foreground !== undefined && foreground.busy() && foreground.busyFor() < holdMs;

/**
 * How the worker's feeders (the mail dispatcher, the webhook relay) pace themselves: nothing during
 * the first `holdMs` of a rush; after that, one look takes at most `portion` rows and looks come
 * at least `everyMs` apart, so follow-up keeps moving, slowly, however long the rush lasts.
 */
export function pace(foreground: Foreground | undefined, portion: number, everyMs = 1000, holdMs = HOLD_MS) {
  let lastBusyLook = 0;
  return {
    /** How many rows the next look may take now: 0 = wait (the server is busy and one look was made lately). */
    allowance(full: number): number {
      if (!foreground?.busy()) return full;
      if (holding(foreground, holdMs)) return 0;
      const now = Date.now();
      if (now - lastBusyLook < everyMs) return 0;
      lastBusyLook = now;
      return Math.min(portion, full);
    },
  };
}

/**
 * Makes jobs wait before they start while the server is held (`holding`), so that the work already
 * in the queue when a rush begins waits for it too; `release()` lets every waiting job go (at
 * shutdown, so that the running jobs finish).
 */
export function gate(foreground: Foreground | undefined, holdMs = HOLD_MS, checkEveryMs = 50) {
  let released = false;
  let waiting: Promise<void> | undefined;
  const held = () => !released && holding(foreground, holdMs);
  return {
    /** Resolves at once unless the server is held; then once it is not (or the gate is released). */
    pass(): Promise<void> {
      if (!held()) return Promise.resolve();
      // One timer for all waiting jobs.
      waiting ??= new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (held()) return;
          clearInterval(check);
          waiting = undefined;
          resolve();
        }, checkEveryMs);
      });
      return waiting;
    },
    release() {
      released = true;
    },
  };
}
