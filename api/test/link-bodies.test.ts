import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// The newsletter's link operations are public: nothing anyone sends them gives a 5xx or changes a
// subscriber without a token the server signed.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  await t.request().post('/api/newsletter').send({ email: 'kept@example.com' });
});
afterAll(() => t.close());

const tokenish = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc
    .tuple(fc.base64String({ maxLength: 60 }), fc.base64String({ maxLength: 60 }))
    .map(([a, b]) => `${a}.${b}`.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')),
);
const body = fc.oneof(
  fc.record({ token: tokenish }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(tokenish, fc.integer(), fc.constant(null)), {
    maxKeys: 2,
  }),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);

describe('newsletter links', () => {
  it('never answer a 5xx, and never change a subscriber, whatever the body, query or content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['confirmNewsletter', '/api/newsletter/confirm'],
          ['unsubscribeNewsletter', '/api/newsletter/unsubscribe'],
        ),
        body,
        fc.option(tokenish, { nil: undefined }),
        fc.boolean(),
        async ([op, path], b, query, form) => {
          const req = t
            .request()
            .post(query === undefined ? path : `${path}?token=${encodeURIComponent(query)}`);
          const res = form
            ? await req
                .type('form')
                .send(
                  `List-Unsubscribe=${encodeURIComponent(String(b && typeof b === 'object' && 'token' in b ? b.token : 'One-Click'))}`,
                )
            : await req.set('Content-Type', 'application/json').send(JSON.stringify(b));
          expect(res.status).toBeLessThan(500);
          expectContract(op as 'confirmNewsletter', res);
        },
      ),
      { numRuns: 300 },
    );
    const { rows } = await t.db.query('SELECT status FROM newsletter_subscribers');
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
