import type { ValidateFunction } from 'ajv';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { loadContract } from '../src/contract/load.ts';
import { compileResponses } from '../src/contract/validate.ts';
import type { OperationId } from '../src/http/typed.ts';

const contract = loadContract();
const cache = new Map<string, Map<string, ValidateFunction>>();

function validatorsFor(operationId: OperationId) {
  let v = cache.get(operationId);
  if (!v) {
    const op = contract.operations.get(operationId);
    if (!op) throw new Error(`Unknown operation ${operationId}`);
    v = compileResponses(op);
    cache.set(operationId, v);
  }
  return v;
}

/**
 * Asserts that a response is one the contract allows for this operation: a listed status, the
 * listed media type, and a body that matches its schema. Use it on every response a test receives.
 */
export function expectContract(operationId: OperationId, res: Response): void {
  const validators = validatorsFor(operationId);
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const statuses = [...new Set([...validators.keys()].map((k) => k.split(' ')[0]))];
  const op = contract.operations.get(operationId)!;
  const listed = Object.keys(op.responses);
  expect(listed, `${operationId} answered ${res.status}, which the contract does not list`).toContain(
    String(res.status),
  );
  const validate = validators.get(`${res.status} ${type}`);
  if (!validate) {
    // A listed status without content (204) must have no body.
    const hasContent = Object.keys(op.responses[String(res.status)] ?? {}).length > 0;
    expect(
      hasContent,
      `${operationId} ${res.status} answered ${type || 'no body'}; contract has ${statuses}`,
    ).toBe(false);
    return;
  }
  const body = type === 'text/csv' ? (typeof res.body === 'string' ? res.body : res.text) : res.body;
  const ok = validate(body);
  expect(
    ok,
    `${operationId} ${res.status} body breaks the contract: ${JSON.stringify(validate.errors)}\n${String(JSON.stringify(body)).slice(0, 500)}`,
  ).toBe(true);
}
