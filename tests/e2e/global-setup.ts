import { answers, readPostgresFile, startE2ePostgres } from './database.ts';

/**
 * The run's one PostgreSQL for the servers the specs start (docs/testing.md#one-postgresql): the one
 * the shared e2e server started (it names it in a file by its port), or, when no such server runs
 * here (BASE_URL names another, or something else answers on the port), one of this run's own.
 * The workers read it from E2E_POSTGRES (tests/e2e/spec-server.ts).
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  const shared = process.env.BASE_URL ? undefined : readPostgresFile(port);
  if (shared && (await answers(shared))) {
    process.env.E2E_POSTGRES = JSON.stringify(shared);
    return undefined;
  }
  const own = await startE2ePostgres();
  process.env.E2E_POSTGRES = JSON.stringify(own.postgres);
  return own.stop;
}
