/**
 * Keeps a flood of alike log lines to one a second per kind (docs/operations.md#logs): refusals the
 * server makes on purpose (429, a busy password hasher's 503) come as fast as an attacker sends
 * them, and one line each would rotate everything else out of the logs. `take(kind)` answers
 * undefined to leave the line out, or how many lines of that kind were left out since the last one
 * written (to write with it). A kind may hold a client's address: past `maxKinds` the memory of
 * earlier kinds is dropped, so a flood from many addresses costs a line per address, not memory.
 */
export function createLogSampler(everyMs = 1000, maxKinds = 10_000) {
  const last = new Map<string, { at: number; skipped: number }>();
  return {
    take(kind: string): number | undefined {
      const now = performance.now();
      if (last.size >= maxKinds && !last.has(kind)) last.clear();
      const seen = last.get(kind);
      if (seen && now - seen.at < everyMs) {
        seen.skipped += 1;
        return undefined;
      }
      last.set(kind, { at: now, skipped: 0 });
      return seen?.skipped ?? 0;
    },
  };
}

export type LogSampler = ReturnType<typeof createLogSampler>;
