import Router from '@koa/router';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Operation, type Role } from '../src/contract/load.ts';
import { mountContract } from '../src/http/mount.ts';
import type { Handlers } from '../src/http/typed.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';

const contract = loadContract();
const ROLES: Role[] = ['viewer', 'member', 'admin', 'owner'];
const deskOperations = [...contract.operations.values()].filter((op) => op.secured);

/** A path the operation answers on, with ids that name nothing (the role is checked before the id). */
const pathOf = (op: Operation) => op.path.replace('{kind}', 'contact').replace(/\{\w+\}/g, '987654');

async function call(agent: supertest.Agent, op: Operation) {
  const req = agent[op.method](pathOf(op));
  return op.method === 'get' ? req : req.send({});
}

describe('the role matrix', () => {
  let t: TestApp;
  const agents = {} as Record<Role, supertest.Agent>;
  beforeAll(async () => {
    t = await startTestApp();
    await createTeam(t);
    for (const role of ROLES) agents[role] = await signedIn(t, role);
  });
  afterAll(() => t.close());

  it('gives every desk operation a role from the contract', () => {
    expect(deskOperations.length).toBeGreaterThan(30);
    const missing = deskOperations.filter((op) => !op.requiredRole).map((op) => op.operationId);
    expect(missing).toEqual([]);
    expect(contract.roles).toEqual(ROLES);
  });

  it.each(deskOperations.map((op) => [op.operationId, op] as const))(
    '%s answers each role as its x-required-role says, and a signed-out client with 401',
    async (_id, op) => {
      const signedOut = await call(t.request().set('Origin', t.baseUrl), op);
      expect(signedOut.status).toBe(401);
      expectContract(op.operationId as never, signedOut);
      for (const role of ROLES) {
        const res = await call(agents[role], op);
        expectContract(op.operationId as never, res);
        const allowed = ROLES.indexOf(role) >= ROLES.indexOf(op.requiredRole!);
        const refusedForRole = res.status === 403 && res.body.requiredRole !== undefined;
        expect(
          { role, status: res.status, refusedForRole },
          `${op.operationId} as ${role}: ${JSON.stringify(res.body)}`,
        ).toMatchObject({ refusedForRole: !allowed });
        expect(res.status).not.toBe(401);
        if (!allowed) {
          expect(res.body.requiredRole).toBe(op.requiredRole);
          expect(res.body.detail).toContain(`needs the ${op.requiredRole} role`);
        }
      }
    },
  );

  it('tells the desk the signed-in role', async () => {
    for (const role of ROLES) {
      const res = await agents[role].get('/api/admin/session');
      expectContract('getAdminSession', res);
      expect(res.body.role).toBe(role);
    }
  });
});

describe('mounting the contract', () => {
  it('refuses to start when a desk operation has no x-required-role', () => {
    const operations = new Map(contract.operations);
    const op = operations.get('getAdminOverview')!;
    operations.set(op.operationId, { ...op, requiredRole: undefined });
    const handlers = Object.fromEntries(
      [...operations.keys()].map((id) => [id, () => ({ status: 204 })]),
    ) as unknown as Handlers;
    const opts = {
      bodyLimitBytes: 1000,
      bodyTimeoutMs: 1000,
      authenticate: async () => {},
      checkOrigin: () => {},
      authorize: () => {},
    };
    expect(() => mountContract(new Router(), { ...contract, operations }, handlers, opts)).toThrow(
      /getAdminOverview needs a session but has no x-required-role/,
    );
    expect(() => mountContract(new Router(), contract, handlers, opts)).not.toThrow();
  });
});
