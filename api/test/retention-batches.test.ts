import { describe, expect, it } from 'vitest';
import { nextBatchSize, RETENTION_BATCH_MS } from '../src/admin/privacy/retention.ts';

// The retention job sizes its batches by time (docs/operations.md#retention).
describe('the retention batch size', () => {
  it('grows a fast batch towards the aimed time, at most doubling', () => {
    expect(nextBatchSize(500, RETENTION_BATCH_MS / 10)).toBe(1000);
    expect(nextBatchSize(1000, (RETENTION_BATCH_MS * 2) / 3)).toBe(1500);
  });

  it('shrinks a slow batch in proportion', () => {
    expect(nextBatchSize(4000, RETENTION_BATCH_MS * 4)).toBe(1000);
    expect(nextBatchSize(1000, RETENTION_BATCH_MS)).toBe(1000);
  });

  it('stays between 100 and 20,000 rows', () => {
    expect(nextBatchSize(500, RETENTION_BATCH_MS * 1000)).toBe(100);
    expect(nextBatchSize(15_000, 1)).toBe(20_000);
    expect(nextBatchSize(500, 0)).toBe(1000);
  });
});
