import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashCost } from '../../config.ts';
import { passwordHasher, type Lane } from './hasher.ts';

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB per hash). Hashes are self-describing, so
// raising the cost later still verifies old ones, and verifying reads the cost from the hash.
// `test` (PASSWORD_HASH_COST=test, tests only: docs/operations.md#password-hashing) is N=2^10
// (1 MiB); the configuration refuses it on a real server.
const SCRYPT_N: Record<PasswordHashCost, number> = { production: 2 ** 17, test: 2 ** 10 };
let N = SCRYPT_N.production;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const dummyHash = () =>
  `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

const optionsFor = (n: number, r: number, p: number): ScryptOptions => ({
  N: n,
  r,
  p,
  maxmem: 256 * n * r + 1024 * 1024,
});

/** Setting a password (first start, CLI) is rare and not reachable by visitors: no queue. */
function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options = optionsFor(n, r, p);
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checks a password on the hashing worker (hasher.ts), in the given lane; throws HasherBusyError
 * when too many checks are waiting.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: Lane = 'other',
): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await passwordHasher.scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    optionsFor(Number(n), Number(r), Number(p)),
    lane,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Verifying against this when the user does not exist keeps both answers equally slow (at the
 * cost new passwords get).
 */
export let DUMMY_HASH = dummyHash();

/**
 * The cost of the passwords this process hashes from now on (config.passwordHashCost), set where
 * the configuration is read (server.ts, the admin CLI, the tests' harness).
 */
export function usePasswordHashCost(cost: PasswordHashCost): void {
  N = SCRYPT_N[cost];
  DUMMY_HASH = dummyHash();
}

/** 24 random bytes as base64url: 192 bits, typeable, no ambiguous padding. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}
