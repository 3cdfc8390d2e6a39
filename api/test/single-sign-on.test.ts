import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { createTeam, PASSWORD, signedInAs } from './team-helpers.ts';
import { signInThroughProvider, startAppWithProvider, Walker, type SsoWorld } from './sso-helpers.ts';

// Single sign-on through a real OpenID Connect provider (oidc-provider) in this process
// (docs/operations.md#single-sign-on).

let world: SsoWorld;
let owner: supertest.Agent;

beforeAll(async () => {
  world = await startAppWithProvider({}, { allowedDomains: ['allowed.example'] });
  await createTeam(world.t);
  owner = await signedInAs(world.t, 'owner');
});
afterAll(async () => {
  await world.t.close();
  await world.idp.close();
});

async function auditOf(action: string) {
  const { rows } = await world.t.db.query<{ actor_id: number | null; target_id: string | null; details: Record<string, unknown> }>(
    'SELECT actor_id, target_id, details FROM audit_entries WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows;
}

/** The session the walker's cookies hold at the desk. */
async function sessionOf(w: Walker) {
  const res = await w.request(`${world.t.baseUrl}/api/admin/session`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('who gets in', () => {
  it('an invited person gets in with the invited role, linked to the provider', async () => {
    const invited = await owner.post('/api/team/invitations').send({ email: 'Ines@Corp.example', role: 'member' });
    expect(invited.status).toBe(201);
    const w = new Walker();
    expect(await signInThroughProvider(w, world, 'ines@corp.example')).toBe('/admin');
    const session = await sessionOf(w);
    expect(session).toMatchObject({
      status: 200,
      body: { username: 'ines@corp.example', role: 'member', signedInWith: 'single-sign-on', hasPassword: false },
    });
    const accepted = await auditOf('team-invitation.accepted');
    expect(accepted.at(-1)!.details).toMatchObject({ with: 'single-sign-on', username: 'ines@corp.example' });
    const linked = await auditOf('account.linked-to-provider');
    expect(linked.at(-1)!.details).toMatchObject({ issuer: world.idp.issuer, email: 'ines@corp.example' });
    const signedIn = await auditOf('session.signed-in');
    expect(signedIn.at(-1)!.details).toMatchObject({ with: 'single-sign-on', issuer: world.idp.issuer, firstLink: true });
    const invitations = await owner.get('/api/team/invitations');
    expect(invitations.body.items ?? invitations.body).not.toContainEqual(
      expect.objectContaining({ email: 'ines@corp.example' }),
    );
  });
});
