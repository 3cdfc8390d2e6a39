import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that wait on processes of their own (an API or worker process, a PostgreSQL they stop,
 * freeze or kill) take a minute each while using little of a core; run last, one of them alone
 * would be the run's tail. They start first, the rest after them in Vitest's own order
 * (docs/testing.md#measuring).
 */
const WAITS_ON_PROCESSES = /\b(startApiProcess|startOwnDatabase|startEmbeddedPostgres|spawn)\(/;

export class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification) => {
      try {
        return WAITS_ON_PROCESSES.test(readFileSync(f.moduleId, 'utf8'));
      } catch {
        return false;
      }
    };
    const first = sorted.filter(waits);
    return [...first, ...sorted.filter((f) => !first.includes(f))];
  }
}
