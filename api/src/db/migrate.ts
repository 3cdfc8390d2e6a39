import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

export function migrationsDir(): string {
  return process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('../../../db', import.meta.url));
}

/**
 * Applies every pending migration. node-pg-migrate holds a PostgreSQL advisory lock while it
 * runs, and with `wait` a second process starting at the same moment waits, then finds nothing
 * left to do.
 */
export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl,
    dir: migrationsDir(),
    direction: 'up',
    migrationsTable: 'pgmigrations',
    advisoryLockMode: 'wait',
    checkOrder: true,
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
  } as Parameters<typeof runner>[0]);
}
