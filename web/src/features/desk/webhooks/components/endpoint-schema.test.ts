import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../../../api/src/contract/load.ts';
import { compileOperation } from '../../../../../../api/src/contract/validate.ts';
import { endpointSchema } from './endpoint-schema.ts';

const contract = loadContract();
const validate = compileOperation(contract.operations.get('createWebhookEndpoint')!).body!;

const url = fc.oneof(
  fc.webUrl(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    'https://example.com/hook',
    ' https://example.com/hook ',
    'HTTP://example.com',
    'http://127.0.0.1:9/x',
    'ftp://example.com',
    'https://',
    'https://a b',
    `https://e.com/${'p'.repeat(1985)}`,
    `https://e.com/${'p'.repeat(1986)}`,
  ),
);
const description = fc.oneof(
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.constantFrom('', '  ', 'd'.repeat(500), 'd'.repeat(501), '😀'.repeat(500), '😀'.repeat(501)),
);
const events = fc.array(
  fc.constantFrom(
    'lead.created',
    'lead.status_changed',
    'demo.scheduled',
    'newsletter.confirmed',
    'newsletter.unsubscribed',
  ),
  { maxLength: 6 },
);
const leadKinds = fc.array(fc.constantFrom('contact', 'demo', 'get-started', 'newsletter'), { maxLength: 5 });

describe('the endpoint form agrees with the contract', () => {
  it('accepts and rejects the same bodies as createWebhookEndpoint', () => {
    fc.assert(
      fc.property(fc.record({ url, description, events, leadKinds, enabled: fc.boolean() }), (values) => {
        const client = endpointSchema.safeParse(values).success;
        // The form sends its text trimmed, as the server checks it.
        const server = validate({
          ...values,
          url: values.url.trim(),
          description: values.description.trim(),
        });
        expect(client).toBe(server);
      }),
      { numRuns: 3000 },
    );
  });

  it('shows the contract’s messages (docs/product.md#webhooks)', () => {
    const r = endpointSchema.safeParse({
      url: 'example.com',
      description: '',
      events: [],
      leadKinds: [],
      enabled: true,
    });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      "Enter the endpoint's full URL, starting with https://",
      'Choose at least one event',
    ]);
  });
});
