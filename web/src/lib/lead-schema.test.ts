import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../api/src/contract/load.ts';
import { compileOperation } from '../../../api/src/contract/validate.ts';
import { contactSchema } from '../features/contact/api/send-contact.ts';
import { demoSchema } from '../features/demo/api/schedule-demo.ts';
import { getStartedSchema } from '../features/get-started/api/request-get-started.ts';
import { newsletterSchema } from '../features/newsletter/api/subscribe.ts';

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

const forms = [
  {
    name: 'contact',
    op: 'createContact',
    schema: contactSchema,
    fields: ['name', 'email', 'phone', 'company', 'service', 'message'],
  },
  {
    name: 'get-started',
    op: 'createGetStartedRequest',
    schema: getStartedSchema,
    fields: ['name', 'email', 'phone', 'company', 'service', 'monthlyVolume', 'message'],
  },
  {
    name: 'demo',
    op: 'createDemoRequest',
    schema: demoSchema,
    fields: ['name', 'email', 'phone', 'company', 'preferredDate', 'preferredTime', 'message'],
  },
  { name: 'newsletter', op: 'subscribeNewsletter', schema: newsletterSchema, fields: ['email'] },
] as const;

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

  it('uses the spec messages', () => {
    const r = contactSchema.safeParse({
      name: 'A',
      email: 'x',
      phone: '',
      company: '',
      service: '',
      message: 'short',
      website: '',
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
