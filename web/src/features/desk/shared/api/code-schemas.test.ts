import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../../../api/src/contract/load.ts';
import { compileOperation } from '../../../../../../api/src/contract/validate.ts';
import { appCodeSchema, recoveryCodeSchema } from './code-schemas.ts';

const contract = loadContract();
const accepts = compileOperation(contract.operations.get('verifyAdminSecondFactor')!).body!;

// Codes around the contract's limits and alphabet: digits, recovery codes, spaces, other characters.
const code = fc.oneof(
  fc.string({ maxLength: 44 }),
  fc.stringMatching(/^[ 0-9]{0,9}$/),
  fc.stringMatching(/^[0-9A-Za-z -]{0,44}$/),
  fc.constantFrom('123456', ' 123 456 ', '12345', '1234567', 'abcd-efgh-jkmn-pqrs', 'ABCD EFGH', '12345é'),
);

describe('the code forms and the contract’s CodeInput', () => {
  it('sends only codes the contract accepts from the authenticator-app field', () => {
    fc.assert(
      fc.property(code, (raw) => {
        const parsed = appCodeSchema.safeParse({ code: raw });
        if (parsed.success) {
          expect(parsed.data.code).toMatch(/^\d{6}$/);
          expect(accepts(parsed.data)).toBe(true);
        }
      }),
    );
  });

  it('accepts a recovery code exactly when the contract accepts it trimmed', () => {
    fc.assert(
      fc.property(code, (raw) => {
        const parsed = recoveryCodeSchema.safeParse({ code: raw });
        expect(parsed.success).toBe(accepts({ code: raw.trim() }));
      }),
    );
  });

  it('says what is wrong in the contract’s words', () => {
    const message = (r: ReturnType<typeof appCodeSchema.safeParse>) => r.error?.issues[0]?.message;
    expect(message(appCodeSchema.safeParse({ code: '12' }))).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(recoveryCodeSchema.safeParse({ code: 'abcdef!' }).error?.issues[0]?.message).toBe(
      'That code is not right',
    );
  });
});
