import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { pausable } from '../jobs/pause.ts';

/**
 * The trigram indexes the desk's search reads: one per lead table (its search text) and the
 * subscribers' email. Each takes a new row's entries into its pending list, one append, and
 * `mergeSearchIndexes` moves them into the index proper (docs/operations.md#search-index).
 */
export const SEARCH_INDEXES = [
  'contact_submissions_search_trgm_idx',
  'demo_requests_search_trgm_idx',
  'get_started_requests_search_trgm_idx',
  'newsletter_subscribers_email_trgm_idx',
] as const;

const INSUFFICIENT_PRIVILEGE = '42501';

/** Merges what waits in the search indexes' pending lists; answers how many pages that emptied. */
export async function mergeSearchIndexes(db: Db): Promise<number> {
  const { rows } = await db.query<{ pages: number }>(
    `SELECT coalesce(sum(gin_clean_pending_list(i)), 0)::int AS pages FROM unnest($1::regclass[]) AS i`,
    [SEARCH_INDEXES],
  );
  return rows[0]!.pages;
}

export interface SearchIndexMerge {
  stop(): Promise<void>;
}

/**
 * Every `everyMs` (1 s), the job worker merges the search indexes' pending lists, so that they
 * hold about a second's leads and a lead's insert does not find one full and merge it while its
 * visitor waits. A round that fails (the
 * database away) is logged and the next one comes. An account that does not own the indexes may
 * not merge them: then the worker says so once and leaves it to autovacuum.
 */
export function startSearchIndexMerge(db: Db, log: Logger, everyMs = 1000): SearchIndexMerge {
  let running = true;
  const { sleep, wake } = pausable();
  const loop = (async () => {
    while (running) {
      try {
        await mergeSearchIndexes(db);
      } catch (err) {
        if ((err as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) {
          log.warn(
            { err },
            'this database account does not own the search indexes: autovacuum merges their new entries',
          );
          return;
        }
        log.warn({ err }, 'could not merge the search indexes');
      }
      if (!running) return;
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
    },
  };
}
