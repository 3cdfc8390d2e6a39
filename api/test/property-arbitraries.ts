import fc from 'fast-check';
import type { OperationId } from '../src/http/typed.ts';

// The generators of api/test/property.test.ts: request bodies and values, right and wrong.

// Values that are sometimes right and often wrong: the edges of each rule, wrong types, odd text.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 2, maxLength: 120, unit: 'grapheme' }),
  fc.constantFrom(
    '',
    ' ',
    '  Ada  ',
    'A',
    'Al',
    'x'.repeat(100),
    'x'.repeat(101),
    '😀'.repeat(60),
    '\u0000',
    'Ada\nLovelace, a line',
    '\u200b\u200b',
    'half \ud800 a character',
    'next\u0085line',
    '<script>',
  ),
  fc.constantFrom('a@b.co', 'ADA@EXAMPLE.COM', 'not-an-email', 'a@b', `${'a'.repeat(243)}@example.com`),
  fc.constantFrom('sms-ai', 'data-lookups', 'call-warmup', 'all', 'today', 'evening', '1m+', '0-1k', 'fax'),
  fc.constantFrom('Please call me about SMS.', 'm'.repeat(5000), 'm'.repeat(5001), '123456789'),
);
export const anyValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string(), { maxLength: 2 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
  },
);
const fields = [
  'name',
  'email',
  'phone',
  'company',
  'service',
  'message',
  'monthlyVolume',
  'preferredDate',
  'preferredTime',
  'website',
  'extra',
];
export const body = fc.oneof(
  { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 8 }) },
  { weight: 1, arbitrary: anyValue },
);

// Bodies that should pass, with random optional parts, so the success path is explored too.
const goodName = fc.oneof(
  fc.constantFrom('Ada Lovelace', 'Al', '  Grace  ', '李小龙', 'n'.repeat(100)),
  fc.string({ minLength: 3, maxLength: 40 }).filter((v) => v.trim().length >= 2),
);
const goodEmail = fc.oneof(
  fc.constantFrom('Ada@Example.com', 'x@y.io'),
  fc
    .emailAddress()
    .filter(
      (e) =>
        /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/.test(e) &&
        e.length <= 254,
    ),
);
const optional = (key: string, arb: fc.Arbitrary<string>) =>
  fc.option(
    arb.map((v) => ({ [key]: v })),
    { nil: {} },
  );
const validBody = fc
  .tuple(
    goodName,
    goodEmail,
    fc.string({ minLength: 10, maxLength: 200 }).filter((v) => v.trim().length >= 10),
    optional('phone', fc.string({ maxLength: 40 })),
    optional('company', fc.string({ maxLength: 200 })),
    optional('service', fc.constantFrom('', 'sms-ai', 'data-lookups', 'call-warmup', 'all')),
    optional('monthlyVolume', fc.constantFrom('', '0-1k', '1k-10k', '10k-100k', '100k-1m', '1m+')),
    optional('preferredDate', fc.constantFrom('', 'today', 'tomorrow', 'this-week', 'next-week', 'flexible')),
    optional('preferredTime', fc.constantFrom('', 'morning', 'afternoon', 'evening', 'flexible')),
  )
  .map(
    ([name, email, message, ...rest]) =>
      Object.assign({ name, email, message }, ...rest) as Record<string, unknown>,
  );

export function validFor(op: OperationId): fc.Arbitrary<unknown> {
  const keep: Record<string, string[]> = {
    createContact: ['name', 'email', 'message', 'phone', 'company', 'service'],
    createDemoRequest: ['name', 'email', 'message', 'phone', 'company', 'preferredDate', 'preferredTime'],
    createGetStartedRequest: ['name', 'email', 'message', 'phone', 'company', 'service', 'monthlyVolume'],
    subscribeNewsletter: ['email'],
  };
  return validBody.map((b) => Object.fromEntries(Object.entries(b).filter(([k]) => keep[op]!.includes(k))));
}

export const leadOps: { op: OperationId; path: string; table: string }[] = [
  { op: 'createContact', path: '/api/contact', table: 'contact_submissions' },
  { op: 'createDemoRequest', path: '/api/demo', table: 'demo_requests' },
  { op: 'createGetStartedRequest', path: '/api/get-started', table: 'get_started_requests' },
  { op: 'subscribeNewsletter', path: '/api/newsletter', table: 'newsletter_subscribers' },
];
