export interface BatcherOptions {
  /** Batches running at once; further items wait and leave together with the next one. */
  maxInFlight: number;
  /** The most items one batch takes. */
  maxBatch: number;
}

/**
 * Group commit for a stream of single items: an item goes out at once while fewer than
 * `maxInFlight` batches run (alone, when traffic is light); under load, items that arrive while
 * the batches are busy leave together in the next one. So a quiet server adds no delay and a busy
 * one turns many round trips and commits into few.
 *
 * `run` answers a batch's items in order. When it fails, `isolate` decides whether the failure
 * could be one item's fault: then each item is run alone, so only a bad item fails; otherwise
 * (the database is down) every item of the batch fails with the batch's error.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  opts: BatcherOptions & { isolate: (err: unknown) => boolean },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runBatch(batch: Waiting[]) {
    try {
      const results = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length > 1 && opts.isolate(err)) {
        await Promise.all(batch.map((w) => runBatch([w])));
      } else {
        for (const w of batch) w.reject(err);
      }
    }
  }

  function drain() {
    scheduled = false;
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  // Items parsed in the same turn of the event loop leave together: drain after I/O callbacks.
  function schedule() {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(drain);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
