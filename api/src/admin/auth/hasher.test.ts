import { describe, expect, it } from 'vitest';
import { createHasher, HasherBusyError } from './hasher.ts';

const salt = Buffer.alloc(16, 1);
const slow = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

describe('the password hasher', () => {
  it('hashes as scrypt does, off the main thread', async () => {
    const { scryptSync } = await import('node:crypto');
    const hasher = createHasher();
    const key = await hasher.scrypt('a password', salt, 32, { N: 1024, r: 8, p: 1 }, 'other');
    expect(key.equals(scryptSync('a password', salt, 32, { N: 1024, r: 8, p: 1 }))).toBe(true);
  });

  it('refuses at once what does not fit in a lane, and serves known devices first', async () => {
    const hasher = createHasher({ maxWaiting: { 'known-device': 1, other: 1 } });
    const order: string[] = [];
    const run = (name: string, lane: 'known-device' | 'other') =>
      hasher.scrypt(name, salt, 32, slow, lane).then(() => order.push(name));
    const first = run('first', 'other');
    const queuedOther = run('other', 'other');
    const refused = hasher.scrypt('refused', salt, 32, slow, 'other');
    const known = run('known', 'known-device');
    await expect(refused).rejects.toBeInstanceOf(HasherBusyError);
    expect(order).toEqual([]);
    await Promise.all([first, queuedOther, known]);
    expect(order).toEqual(['first', 'known', 'other']);
  });
});
