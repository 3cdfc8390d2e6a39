import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import { createLogger } from '../src/http/logger.ts';
import { startJobRunner, type JobRunner } from '../src/jobs/queue.ts';
import { deliverDeps } from '../src/webhooks/deliver.ts';
import { startWebhookRelay } from '../src/webhooks/relay.ts';
import { webhookTasks } from '../src/webhooks/webhooks.tasks.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp, truncate } from './harness.ts';
import { startReceiver, type Receiver } from './webhook-receivers.ts';

export interface WebhookApp {
  t: TestApp;
  admin: supertest.Agent;
  /** Starts the job runner (the server's, with the webhook tasks) and the relay if not running. */
  startJobs(): Promise<void>;
  stopJobs(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on its own database, as for any API test, with plain-HTTP local receivers allowed
 * and retries a few hundred milliseconds apart (overrides change that), a signed-in admin, and
 * graphile-worker running the webhook tasks and the relay in this process as server.ts does.
 */
export async function startWebhookApp(overrides: Partial<Config> = {}): Promise<WebhookApp> {
  const t = await startTestApp({
    leadRateLimitPerMinute: 0,
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
    webhookRetryScheduleMs: [300, 300, 300],
    ...overrides,
  });
  await createAdmin(t);
  const admin = await signedIn(t);
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const deps = deliverDeps(t.db, t.config, log);
  let runner: JobRunner | undefined;
  let relay: ReturnType<typeof startWebhookRelay> | undefined;
  const app: WebhookApp = {
    t,
    admin,
    async startJobs() {
      runner ??= await startJobRunner({
        databaseUrl: t.databaseUrl,
        taskList: webhookTasks(deps),
        concurrency: 4,
        pollIntervalMs: 100,
        log,
      });
      relay ??= startWebhookRelay({ db: t.db, log });
    },
    async stopJobs() {
      await Promise.all([runner?.stop(), relay?.stop()]);
      runner = undefined;
      relay = undefined;
    },
    async close() {
      await app.stopJobs();
      deps.sender.close();
      await t.close();
    },
  };
  await app.startJobs();
  return app;
}

/** What every webhook test writes to, besides the leads. */
const WEBHOOK_TABLES = [
  'webhook_endpoints',
  'webhook_events',
  'webhook_outbox',
  'webhook_deliveries',
  'webhook_attempts',
];

/**
 * A test file's webhook app and real receivers: started before its tests (receivers answering
 * `answer`, 204 unless given) and closed after them. Before each test the webhook tables and
 * `alsoEmpty` are emptied, and each receiver forgets what it received and answers `answer` again.
 * Read `app`, `receiver` (the first) and `other` (the second) from what it returns, inside tests.
 */
export function useWebhookApp(
  opts: { receivers?: 1 | 2; answer?: Receiver['answer']; alsoEmpty?: string[] } = {},
) {
  const answer: Receiver['answer'] = opts.answer ?? (() => ({ status: 204 }));
  let app: WebhookApp | undefined;
  let receivers: Receiver[] = [];
  beforeAll(async () => {
    app = await startWebhookApp();
    receivers = await Promise.all(Array.from({ length: opts.receivers ?? 1 }, () => startReceiver(answer)));
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await app?.close();
  });
  beforeEach(async () => {
    await truncate(app!.t.db, [...WEBHOOK_TABLES, ...(opts.alsoEmpty ?? [])].join(', '));
    for (const r of receivers) {
      r.received.length = 0;
      r.answer = answer;
    }
  });
  return {
    get app() {
      return app!;
    },
    get receiver() {
      return receivers[0]!;
    },
    get other() {
      return receivers[1]!;
    },
  };
}

type EndpointInput = { events?: string[]; leadKinds?: string[]; description?: string; enabled?: boolean };

/** An endpoint for this receiver, made through the desk API; the receiver learns its secret. */
export async function createEndpoint(admin: supertest.Agent, receiver: Receiver, input: EndpointInput = {}) {
  const res = await admin.post('/api/webhooks').send({
    url: receiver.url,
    events: [
      'lead.created',
      'lead.status_changed',
      'demo.scheduled',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
    ],
    ...input,
  });
  expectContract('createWebhookEndpoint', res);
  expect(res.status).toBe(201);
  receiver.secrets = [res.body.secret];
  return res.body.endpoint as { id: number };
}

export async function deliveries(admin: supertest.Agent, query: Record<string, string | number>) {
  const res = await admin.get('/api/webhook-deliveries').query(query);
  expectContract('listWebhookDeliveries', res);
  expect(res.status).toBe(200);
  return res.body.deliveries as {
    id: number;
    status: string;
    attempts: number;
    event: string;
    webhookId: string;
    lead: { kind: string; id: number } | null;
    lastAttempt: { statusCode: number | null; error: string | null; responseExcerpt: string } | null;
    nextAttemptAt: string | null;
  }[];
}

export async function deliveryDetail(admin: supertest.Agent, id: number) {
  const res = await admin.get(`/api/webhook-deliveries/${id}`);
  expectContract('getWebhookDelivery', res);
  expect(res.status).toBe(200);
  return res.body as {
    delivery: { status: string; attempts: number };
    attempts: {
      attempt: number;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      responseExcerpt: string;
    }[];
    payload: Record<string, unknown>;
  };
}
