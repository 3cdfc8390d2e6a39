import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that encrypts second-factor secrets, from its file, created on first use when missing
 * (`<DATA_DIR>/mfa-key` under npm start; the Docker stack generates its own, docs/operations.md).
 * Created under a temporary name and linked into place, so processes starting together agree on
 * one key and none reads a half-written file.
 */
export function loadOrCreateKey(file: string): Buffer {
  try {
    return decode(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return decode(readFileSync(file, 'utf8'), file);
}

function decode(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes as base64`);
  return key;
}
