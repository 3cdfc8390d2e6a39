import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../../../api/src/contract/load.ts';
import { compileOperation } from '../../../../../../api/src/contract/validate.ts';
import { acceptSchema } from './accept-invitation.ts';
import { inviteSchema } from './invitations.ts';

const contract = loadContract();
const validate = (op: string) => compileOperation(contract.operations.get(op)!).body!;
const invite = validate('createTeamInvitation');
const accept = validate('acceptTeamInvitation');
const TOKEN = 'A'.repeat(43);

const emails = fc.oneof(
  fc.constantFrom('', 'a@b.co', 'rita@example.com', 'no-at-sign', 'a@b', `${'x'.repeat(245)}@example.com`),
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
);
const usernames = fc.oneof(
  fc.constantFrom('', 'rita', 'Rita.B', '_rita', 'r', 'x'.repeat(100), 'x'.repeat(101), 'ri ta', 'é'),
  fc.string({ maxLength: 12 }),
);
const passwords = fc.oneof(
  fc.constantFrom('', 'x'.repeat(11), 'x'.repeat(12), '😀'.repeat(12), 'x'.repeat(1024), 'x'.repeat(1025)),
  fc.string({ minLength: 8, maxLength: 16 }),
);

describe('the team forms agree with the contract', () => {
  it('accepts and rejects the same invitations as createTeamInvitation', () => {
    fc.assert(
      fc.property(emails, fc.constantFrom('viewer', 'member', 'admin', 'owner', ''), (email, role) => {
        expect(inviteSchema.safeParse({ email, role }).success).toBe(invite({ email, role }));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts and rejects the same names and passwords as acceptTeamInvitation', () => {
    fc.assert(
      fc.property(usernames, passwords, (username, password) => {
        const values = { email: 'rita@example.com', username, password };
        expect(acceptSchema.safeParse(values).success).toBe(accept({ token: TOKEN, ...values }));
      }),
      { numRuns: 500 },
    );
  });
});
