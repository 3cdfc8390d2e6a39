import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../api/src/contract/load.ts';
import { compileOperation } from '../../../api/src/contract/validate.ts';
import { schemas } from '@lead-desk/contract/values';
import { bodySchema, fieldNames, htmlPattern, htmlRules, type LeadInput } from './lead-schema.ts';

const contract = loadContract();
const bodyValidator = (op: string) => compileOperation(contract.operations.get(op)!).body!;
const trimmed = (b: Record<string, string>) =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.trim()]));

// Strings around every limit and rule, in several scripts, so both sides are pushed to their edges.
const str = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ minLength: 1, maxLength: 120, unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    'A',
    'Al',
    ' Al ',
    'n'.repeat(100),
    'n'.repeat(101),
    '😀'.repeat(100),
    '😀'.repeat(101),
  ),
  fc.constantFrom(
    '1'.repeat(40),
    '1'.repeat(41),
    'c'.repeat(200),
    'c'.repeat(201),
    'm'.repeat(5000),
    'm'.repeat(5001),
  ),
  fc.constantFrom('123456789', '1234567890', ' 123456789 '),
  fc.constantFrom(
    'a@b.co',
    'A@B.CO',
    ' a@b.co ',
    'a@b',
    'a@@b.co',
    'a b@c.de',
    `${'a'.repeat(242)}@example.com`,
    `${'a'.repeat(243)}@example.com`,
  ),
  fc.emailAddress(),
  fc.constantFrom(
    'sms-ai',
    'data-lookups',
    'call-warmup',
    'all',
    'fax',
    '0-1k',
    '1m+',
    '10m+',
    'today',
    'someday',
    'evening',
    'night',
    'flexible',
  ),
);

// Each form's body, and the operation that takes it; the fields are the contract's (but the
// honeypot, which people never fill).
const forms = (
  [
    ['contact', 'createContact', 'ContactInput'],
    ['get-started', 'createGetStartedRequest', 'GetStartedInput'],
    ['demo', 'createDemoRequest', 'DemoInput'],
    ['newsletter', 'subscribeNewsletter', 'NewsletterInput'],
  ] as const
).map(([name, op, input]: readonly [string, string, LeadInput]) => ({
  name,
  op,
  schema: bodySchema(input),
  fields: fieldNames(input).filter((f) => f !== 'website'),
}));

describe('form schemas agree with the contract', () => {
  it.each(forms)(
    'the $name form accepts and rejects the same bodies as the contract',
    ({ op, schema, fields }) => {
      const validate = bodyValidator(op);
      const record = fc.record(
        Object.fromEntries(fields.map((f) => [f, str])) as Record<string, fc.Arbitrary<string>>,
      );
      fc.assert(
        fc.property(record, (values) => {
          // The form always sends every field ('' when empty) and an empty honeypot.
          const client = schema.safeParse({ ...values, website: '' }).success;
          const server = validate({ ...trimmed(values), website: '' });
          expect(client).toBe(server);
        }),
        { numRuns: 3000 },
      );
    },
  );

  it('shows the contract’s messages (docs/product.md#forms)', () => {
    const r = bodySchema('ContactInput').safeParse({
      name: 'A',
      email: 'x',
      phone: '',
      company: '',
      service: '',
      message: 'short',
      website: '',
      ...Object.fromEntries(
        [
          'landingPage',
          'referrer',
          'utmSource',
          'utmMedium',
          'utmCampaign',
          'utmTerm',
          'utmContent',
          'altcha',
        ].map((n) => [n, '']),
      ),
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Message must be at least 10 characters',
    ]);
  });
});

describe('the HTML rules a form carries for a browser without its code', () => {
  it("are the contract's: required, lengths and pattern, nothing else", () => {
    expect(htmlRules('ContactInput', 'name')).toEqual({ required: true, minLength: 2, maxLength: 100 });
    expect(htmlRules('ContactInput', 'message')).toEqual({ required: true, minLength: 10, maxLength: 5000 });
    expect(htmlRules('DemoInput', 'phone')).toEqual({ maxLength: 40 });
    expect(htmlRules('NewsletterInput', 'email')).toEqual({
      required: true,
      maxLength: 254,
      pattern: htmlPattern(schemas.Email.pattern),
    });
    // As the contract writes it, the browser could not compile it.
    expect(() => new RegExp(schemas.Email.pattern, 'v')).toThrow();
  });

  // The browser compiles `pattern` with the `v` flag, as `^(?:pattern)$`; one it cannot compile
  // it ignores. Every pattern of the contract compiles so, and accepts what the `u` one accepts.
  const patterns = Object.values(schemas as Record<string, { pattern?: string }>)
    .map((s) => s.pattern)
    .filter((p): p is string => p !== undefined);
  it.each(patterns)('%s compiles for the browser and means the same', (pattern) => {
    const browser = new RegExp(`^(?:${htmlPattern(pattern)})$`, 'v');
    const contract = new RegExp(pattern, 'u');
    const samples = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        'ada@example.com',
        "o'neil+x@mail.example.org",
        'a@b',
        'a{b}|c~-@x-y.io',
        '/path',
        'https://a.b:80',
      ),
    );
    fc.assert(
      fc.property(samples, (s) => browser.test(s) === contract.test(s)),
      { numRuns: 2000 },
    );
  });
});
