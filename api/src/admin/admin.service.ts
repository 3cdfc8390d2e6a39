// PLACEHOLDER until the admin helper lands its work.
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
export async function ensureFirstAdmin(_db: Db, _config: Config, _log: Logger): Promise<void> {}
