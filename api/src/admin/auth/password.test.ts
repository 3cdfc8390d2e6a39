import { beforeEach, describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, usePasswordHashCost, verifyPassword } from './password.ts';

describe('password hashes', () => {
  // The cost is the module's state, shared with the worker's other files (docs/testing.md#shared-modules).
  beforeEach(() => usePasswordHashCost('production'));

  it('are scrypt at N=2^17 at the production cost and N=2^10 at the test cost', async () => {
    expect(await hashPassword('a password of some length')).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(DUMMY_HASH).toMatch(/^scrypt\$131072\$8\$1\$/);
    usePasswordHashCost('test');
    expect(await hashPassword('a password of some length')).toMatch(/^scrypt\$1024\$8\$1\$/);
    // An unknown username costs what a known one does.
    expect(DUMMY_HASH).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('verify at the cost written in them, whatever cost new ones get now', async () => {
    const atProduction = await hashPassword('the production one');
    usePasswordHashCost('test');
    const atTest = await hashPassword('the test one');
    expect(await verifyPassword('the production one', atProduction)).toBe(true);
    expect(await verifyPassword('the test one', atProduction)).toBe(false);
    usePasswordHashCost('production');
    expect(await verifyPassword('the test one', atTest)).toBe(true);
    expect(await verifyPassword('the production one', atTest)).toBe(false);
  });
});
