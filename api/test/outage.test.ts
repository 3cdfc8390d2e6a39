import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { createLogger } from '../src/http/logger.ts';
import { expectContract } from './contract.ts';

// This file runs its own PostgreSQL so it can stop and start it without disturbing other files.
let dataDir: string;
let port: number;
let pg: EmbeddedDatabase | undefined;
let db: Db;
let server: http.Server;
let request: () => supertest.Agent;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'lead-desk-outage-'));
  // As root, PostgreSQL runs as its own user and must be able to enter this folder.
  await chmod(dataDir, 0o755);
  port = await freePort();
  pg = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { port });
  await migrate(pg.ownerUrl, { appUrl: pg.url });
  db = createPool(pg.url, 5);
  const config = {
    ...loadConfig(),
    databaseUrl: pg.url,
    leadRateLimitPerMinute: 0,
    spamChallengeKey: randomBytes(32),
  };
  const app = createApp({ db, config, log: createLogger('silent') });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  request = () => supertest.agent(base);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.end().catch(() => {});
  await pg?.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
});

const lead = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back soon.' };

describe('when the database goes away', () => {
  it('answers 503 problems while it is down and recovers without a restart', async () => {
    const before = await request().post('/api/contact').send(lead);
    expect(before.status).toBe(201);

    await pg!.stop();
    const health = await request().get('/api/health');
    expectContract('getHealth', health);
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    const submit = await request().post('/api/contact').send(lead);
    expectContract('createContact', submit);
    expect(submit.status).toBe(503);
    expect(submit.body.detail).toBe('The service is briefly unavailable. Please try again shortly.');
    const list = await request().get('/api/contacts');
    expect([401, 503]).toContain(list.status); // the session check needs the database too
    // A browser's form post gets the page that says it was not sent, in the form's words: the
    // visitor goes back to the form as typed (docs/product.md#forms-without-javascript).
    const posted = await request().post('/api/contact').type('form').send(lead);
    expect(posted.status).toBe(503);
    expect(posted.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(posted.text).toContain('<h1>Error sending message</h1>\n<p>Please try again later.</p>');
    // A field's rule needs no database: that refusal names it, as ever.
    const invalid = await request()
      .post('/api/contact')
      .type('form')
      .send({ ...lead, email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('Please enter a valid email address');

    pg = await startEmbeddedPostgres(path.join(dataDir, 'pg'), { port });
    let healthy = 0;
    for (let i = 0; i < 50 && healthy !== 200; i++) {
      healthy = (await request().get('/api/health')).status;
      if (healthy !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy).toBe(200);
    const after = await request().post('/api/contact').send(lead);
    expectContract('createContact', after);
    expect(after.status).toBe(201);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions');
    expect(rows[0]!.n).toBe(2);
  });
});
