import type supertest from 'supertest';
import type { Config } from '../src/config.ts';
import { createLogger } from '../src/http/logger.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

export interface MailApp {
  smtp: TestSmtp;
  t: TestApp;
  worker: Worker;
  /** Signed in to the desk's API as an admin. */
  admin: supertest.Agent;
  close(): Promise<void>;
}

/**
 * The API and its job worker sending through a real SMTP server started here, with an admin
 * signed in: the set-up of the follow-up tests (docs/product.md#follow-up).
 */
export async function startMailApp(overrides: Partial<Config> = {}): Promise<MailApp> {
  const smtp = await startSmtp();
  const t = await startTestApp({ leadRateLimitPerMinute: 0, smtpUrl: smtp.url, ...overrides });
  const worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent') });
  await createAdmin(t);
  const admin = await signedIn(t);
  return {
    smtp,
    t,
    worker,
    admin,
    async close() {
      await worker.stop();
      await t.close();
      await smtp.close();
    },
  };
}
