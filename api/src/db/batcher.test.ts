import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

const tick = () => new Promise((r) => setImmediate(r));

function recorder(opts: { maxInFlight: number; maxBatch: number }, fail?: (items: number[]) => boolean) {
  const batches: number[][] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const submit = createBatcher(
    async (items: number[]) => {
      batches.push(items);
      await gate;
      if (fail?.(items)) throw new Error(`batch ${items.join(',')} failed`);
      return items.map((i) => i * 10);
    },
    { ...opts, isolate: (err) => !String(err).includes('down') },
  );
  return {
    submit,
    batches,
    hold: () => (gate = new Promise<void>((r) => (release = r))),
    release: () => release(),
  };
}

describe('createBatcher', () => {
  it('sends an item alone and at once when nothing else is waiting', async () => {
    const r = recorder({ maxInFlight: 2, maxBatch: 10 });
    expect(await r.submit(1)).toBe(10);
    expect(r.batches).toEqual([[1]]);
  });

  it('sends items that arrive in the same turn as one batch, answering each its own', async () => {
    const r = recorder({ maxInFlight: 2, maxBatch: 10 });
    expect(await Promise.all([1, 2, 3].map(r.submit))).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('while the batches in flight are busy, later items wait and leave together', async () => {
    const r = recorder({ maxInFlight: 1, maxBatch: 10 });
    r.hold();
    const first = r.submit(1);
    await tick();
    const later = [2, 3, 4].map(r.submit);
    await tick();
    expect(r.batches).toEqual([[1]]);
    r.release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never takes more than maxBatch items at once', async () => {
    const r = recorder({ maxInFlight: 4, maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map(r.submit));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const r = recorder({ maxInFlight: 1, maxBatch: 10 }, (items) => items.includes(2));
    const results = await Promise.allSettled([1, 2, 3].map(r.submit));
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(r.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails the whole batch at once when the failure is not an item’s fault', async () => {
    const r = recorder({ maxInFlight: 1, maxBatch: 10 }, () => {
      throw new Error('database down');
    });
    const results = await Promise.allSettled([1, 2].map(r.submit));
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    expect(r.batches).toEqual([[1, 2]]);
  });
});
