import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../http/logger.ts';

/**
 * The job worker's file of its graphile-worker pool ids (WORKER_STATE_FILE, one id a line): read at
 * start, whose pools are unlocked (their process is gone), then replaced by the new run's
 * (docs/operations.md#locked-jobs). graphile-worker gives a pool a random id when it runs more than
 * one job at once, so a killed worker's ids are known only from what it wrote down.
 */
export function readPoolFile(file: string, log: Logger): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      log.error({ err, file }, 'could not read the worker state file: jobs of an earlier run stay locked');
    return [];
  }
}

/** Replaces the file with `ids` (written beside it, then renamed: never half written). */
export function writePoolFile(file: string, ids: string[], log: Logger): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const next = `${file}.${process.pid}.tmp`;
    writeFileSync(next, ids.map((id) => `${id}\n`).join(''), { mode: 0o600 });
    renameSync(next, file);
  } catch (err) {
    log.error(
      { err, file },
      'could not write the worker state file: if this worker is killed, its jobs stay locked for 4 hours',
    );
  }
}
