import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/http/logger.ts';
import { ADMIN, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { agentOf, appsClosedAfterAll, enrol } from './mfa-helpers.ts';

// The second factor (docs/operations.md#second-factor) under ADMIN_MFA=required and =off; the
// optional policy (npm start) is in admin-mfa.test.ts.

const app = appsClosedAfterAll();

describe('under ADMIN_MFA=required (the Docker stack)', () => {
  it('lets an admin without a second factor do nothing but enrol, then everything', async () => {
    const t = await app({ adminMfa: 'required' });
    const agent = await signedIn(t);
    const session = await agent.get('/api/admin/session');
    expectContract('getAdminSession', session);
    expect(session.body.secondFactor).toEqual({
      policy: 'required',
      enrolled: false,
      mustEnrol: true,
      recoveryCodesLeft: 0,
    });
    for (const path of ['/api/contacts', '/api/admin/overview', '/api/newsletters/export']) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.detail).toMatch(/Set up two-step sign-in/);
    }
    expect((await agent.patch('/api/demos/1').send({ status: 'confirmed' })).status).toBe(403);
    await enrol(t, agent);
    expect((await agent.get('/api/contacts')).status).toBe(200);
    expect((await agent.get('/api/admin/session')).body.secondFactor.mustEnrol).toBe(false);
  });
});

describe('under ADMIN_MFA=off', () => {
  it('signs in with the password alone, even an enrolled admin, and offers no enrolment', async () => {
    const on = await app({ adminMfa: 'optional' });
    await enrol(on, await signedIn(on));
    // The same database, served with ADMIN_MFA=off.
    const server = http.createServer(
      createApp({
        db: on.db,
        config: { ...on.config, adminMfa: 'off' },
        log: createLogger('silent'),
      }).callback(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = { ...on, baseUrl: base, request: () => supertest.agent(base) };
    const res = await agentOf(t).post('/api/admin/login').send(ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.secondFactor).toMatchObject({ policy: 'off', mustEnrol: false });
    const agent = await signedIn(t);
    const start = await agent.post('/api/admin/second-factor/enrolment').send({ password: ADMIN.password });
    expectContract('startSecondFactorEnrolment', start);
    expect(start.status).toBe(404);
    server.closeAllConnections();
    server.close();
  });
});
