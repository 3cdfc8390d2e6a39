import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../../../api/src/contract/load.ts';
import { compileOperation } from '../../../../../../api/src/contract/validate.ts';
import { noteSchema } from './notes.ts';

const validate = compileOperation(loadContract().operations.get('createLeadNote')!).body!;

// The server trims a note before it checks it (docs/product.md#notes), as the form does.
const texts = fc.oneof(
  fc.constantFrom('', ' ', '\n\t ', 'a', ' a ', 'x'.repeat(5000), ` ${'x'.repeat(5000)} `, 'x'.repeat(5001)),
  fc.constantFrom('😀'.repeat(5000), '😀'.repeat(5001)),
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 4990, maxLength: 5010 }),
);

describe('the note form agrees with the contract', () => {
  it('accepts and rejects the same notes as createLeadNote', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(noteSchema.safeParse({ text }).success).toBe(validate({ text: text.trim() }));
      }),
      { numRuns: 500 },
    );
  });

  it("says the contract's words", () => {
    const message = (text: string) => noteSchema.safeParse({ text }).error?.issues[0]?.message;
    expect(message('   ')).toBe('Note must not be empty');
    expect(message('x'.repeat(5001))).toBe('Note must be at most 5000 characters');
    expect(noteSchema.parse({ text: '  Call back.  ' })).toEqual({ text: 'Call back.' });
  });
});
