import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract/load.ts';
import { compileOperation } from '../src/contract/validate.ts';
import { multilineFields, textProblems } from '../src/contract/input-rules.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { anyValue, body, leadOps, validFor } from './property-arbitraries.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(() => t.close());

const contract = loadContract();

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return rows[0]!.n;
}

describe('generated bodies', () => {
  it.each(leadOps)(
    '$path: never a 5xx, every 2xx stored once, nothing invalid stored',
    async ({ op, path, table }) => {
      const operation = contract.operations.get(op)!;
      const compiled = compileOperation(operation).body!;
      const multiline = multilineFields(operation.body?.schema);
      // The contract's checks and the text rules every field follows (docs/product.md#forms).
      const validate = (b: unknown) => textProblems(b, '', multiline).length === 0 && compiled(trim(b));
      const trim = (b: unknown) =>
        b && typeof b === 'object' && !Array.isArray(b)
          ? Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]))
          : b;
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(body, validFor(op)), async (b) => {
          const before = await count(table);
          const res = await t
            .request()
            .post(path)
            .send(JSON.stringify(b))
            .set('Content-Type', 'application/json');
          expect(res.status).toBeLessThan(500);
          expectContract(op, res);
          const valid = validate(b);
          const after = await count(table);
          if (res.status === 201) {
            expect(valid).toBe(true);
            expect(after).toBe(before + 1);
            expect(await count(table, 'id = $1', [res.body.id])).toBe(1);
            accepted += 1;
          } else if (
            res.status === 202 &&
            op === 'subscribeNewsletter' &&
            !(b as { website?: string }).website
          ) {
            // The one answer to every subscription: the address is stored once, new or not.
            expect(valid).toBe(true);
            const email = String((b as { email: string }).email)
              .trim()
              .toLowerCase();
            expect(await count(table, 'email = $1', [email])).toBe(1);
            expect(after - before).toBeLessThanOrEqual(1);
            accepted += 1;
          } else {
            expect(after).toBe(before);
            if (res.status === 400) expect(valid).toBe(false);
            else expect(res.status).toBe(202); // the honeypot
          }
        }),
        { numRuns: 600 },
      );
      expect(accepted).toBeGreaterThan(0);
    },
  );

  it('admin list query strings never cause a 5xx', async () => {
    const lists = ['/api/contacts', '/api/demos', '/api/get-started', '/api/newsletters'];
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('0', '200', '201', '-1', '1e3', '%', '_', "'", '\\'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(fc.constantFrom('limit', 'cursor', 'q', 'other'), value, { maxKeys: 3 }),
        async (path, query) => {
          const res = await admin.get(path).query(query);
          expect(res.status).toBeLessThan(500);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('admin PATCH bodies and ids never cause a 5xx', async () => {
    const paths = ['/api/demos/', '/api/get-started/', '/api/newsletters/'];
    const id = fc.oneof(
      fc.integer({ min: -5, max: 1e6 }).map(String),
      fc.constantFrom('abc', '1.5', '9007199254740993', '%20', '1e2'),
    );
    const patch = fc.dictionary(fc.constantFrom('status', 'isActive', 'name'), anyValue, { maxKeys: 2 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), id, fc.oneof(patch, anyValue), async (path, i, b) => {
        const res = await admin
          .patch(`${path}${encodeURIComponent(i)}`)
          .send(JSON.stringify(b))
          .set('Content-Type', 'application/json');
        expect(res.status).toBeLessThan(500);
        // 409: a subscriber cannot be reactivated from the desk (docs/product.md#leads).
        expect([200, 400, 404, 409]).toContain(res.status);
      }),
      { numRuns: 300 },
    );
  });

  it('login bodies never cause a 5xx', async () => {
    const login = fc.dictionary(fc.constantFrom('username', 'password', 'x'), anyValue, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(login, anyValue), async (b) => {
        await t.db.query('TRUNCATE rate_limit_buckets');
        const res = await t
          .request()
          .post('/api/admin/login')
          .set('Origin', t.baseUrl)
          .send(JSON.stringify(b))
          .set('Content-Type', 'application/json');
        expect(res.status).toBeLessThan(500);
        expectContract('adminLogin', res);
      }),
      { numRuns: 60 },
    );
  });
});
