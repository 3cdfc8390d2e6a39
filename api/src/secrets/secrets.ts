import type { Db } from '../db/pool.ts';
import { secretNamed } from './secrets.repo.ts';

/** Server keys by purpose, read once per process (see the create-app-secrets migration). */
export function createSecrets(db: Db) {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    get(name: string): Promise<Buffer> {
      let secret = cache.get(name);
      if (!secret) {
        secret = secretNamed(db, name);
        // A failure (database down) is not remembered: the next call asks again.
        secret.catch(() => cache.delete(name));
        cache.set(name, secret);
      }
      return secret;
    },
  };
}

export type Secrets = ReturnType<typeof createSecrets>;
