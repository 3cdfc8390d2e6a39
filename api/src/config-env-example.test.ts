import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from './config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Names in the environment that are no setting of ours: set by npm and by nginx's image. */
const NOT_SETTINGS = new Set(['INIT_CWD', 'NGINX_LOCAL_RESOLVERS']);

/**
 * The settings only tests (and, for some, a developer's machine) may set, with the words their
 * comment in .env.example must say: docs/testing.md, docs/operations.md#password-hashing and
 * #webhooks, and the comments where each is read describe them so.
 */
const NEVER_ON_A_REAL_SERVER: Record<string, string> = {
  PASSWORD_HASH_COST: 'tests only: never on a real server',
  LEAD_DESK_TEST_API_ENTRY: 'tests only: never on a real server',
  E2E_PORT: 'tests only: never on a real server',
  E2E_ADMIN_PASSWORD: 'tests only: never on a real server',
  E2E_MFA_ADMINS: 'tests only: never on a real server',
  E2E_REQUIRED_SERVER: 'tests only: never on a real server',
  OIDC_ALLOW_HTTP: 'development and tests only: never on a real server',
  WEBHOOK_ALLOW_HTTP: 'development and tests only: never on a real server',
  WEBHOOK_ALLOW_PRIVATE: 'development and tests only: never on a real server',
  WEBHOOK_RETRY_SCHEDULE: 'development and tests only: never on a real server',
};

/** The source files (not tests) under a folder of the repository. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !/\.(test|spec)\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);

/**
 * Every variable something of the product reads: the API's and the worker's (config.ts), the ones
 * api/src and scripts/ read from process.env themselves, what docker-compose*.yml takes from .env,
 * and what nginx's template is given (Dockerfile.web).
 */
function readByTheProduct(): Set<string> {
  const read_ = new Set<string>(ENVIRONMENT_VARIABLES);
  for (const file of [...sources('api/src'), ...sources('scripts')]) {
    const text = read(file);
    for (const name of names(text, /process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)) read_.add(name);
    for (const match of text.matchAll(/\{([^}]*)\}\s*=\s*process\.env\b/g))
      for (const name of names(match[1]!, /\b([A-Z][A-Z0-9_]*)\s*:/g)) read_.add(name);
  }
  for (const file of readdirSync(root).filter((f) => /^docker-compose.*\.ya?ml$/.test(f)))
    // `$${...}` is a shell's variable, passed through by Compose.
    for (const name of names(read(file), /(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)) read_.add(name);
  const filter = /NGINX_ENVSUBST_FILTER='\^\(([A-Z0-9_|]+)\)\$'/.exec(read('Dockerfile.web'));
  expect(filter, 'Dockerfile.web sets NGINX_ENVSUBST_FILTER').not.toBeNull();
  for (const name of filter![1]!.split('|')) read_.add(name);
  for (const name of NOT_SETTINGS) read_.delete(name);
  return read_;
}

interface Entry {
  name: string;
  line: number;
  /** The comment lines above it (above the entries of its group, when several share one). */
  comment: string;
}

/** `NAME=value` lines, and `# NAME=value` ones (listed, not set), with the comment each has. */
function listed(): Entry[] {
  const lines = read('.env.example').split('\n');
  const entries: Entry[] = [];
  lines.forEach((text, index) => {
    const match = /^(?:# ?)?([A-Z][A-Z0-9_]*)=/.exec(text);
    if (!match) return;
    let above = index - 1;
    while (above >= 0 && /^(?:# ?)?[A-Z][A-Z0-9_]*=/.test(lines[above]!)) above--;
    const comment: string[] = [];
    for (; above >= 0 && /^#/.test(lines[above]!) && !/^# ---/.test(lines[above]!); above--)
      comment.unshift(lines[above]!.replace(/^# ?/, ''));
    entries.push({ name: match[1]!, line: index + 1, comment: comment.join(' ') });
  });
  return entries;
}

describe('.env.example', () => {
  it('lists every setting the product reads, and nothing nobody reads', () => {
    const read_ = readByTheProduct();
    const names_ = new Set(listed().map((e) => e.name));
    expect([...read_].filter((n) => !names_.has(n)).sort(), 'read but missing from .env.example').toEqual([]);
    expect([...names_].filter((n) => !read_.has(n)).sort(), 'in .env.example but read by nothing').toEqual(
      [],
    );
  });

  it('lists each setting once, with a comment saying what it is', () => {
    const entries = listed();
    const twice = entries.filter((e, i) => entries.findIndex((o) => o.name === e.name) !== i);
    expect(twice.map((e) => `${e.name} (line ${e.line})`)).toEqual([]);
    expect(entries.filter((e) => e.comment.trim() === '').map((e) => `${e.name} (line ${e.line})`)).toEqual(
      [],
    );
  });

  it('says of the settings only tests or a developer may set that they never go on a real server', () => {
    const entries = listed();
    for (const [name, words] of Object.entries(NEVER_ON_A_REAL_SERVER)) {
      const entry = entries.find((e) => e.name === name);
      expect(entry, `${name} is listed`).toBeDefined();
      expect(entry!.comment.toLowerCase(), `${name}'s comment (line ${entry!.line})`).toContain(words);
      expect(read('.env.example'), `${name} is never set in .env.example`).not.toMatch(
        new RegExp(`^${name}=`, 'm'),
      );
    }
    // And no other setting is called so: the list above is the whole of them.
    const others = entries.filter(
      (e) => !(e.name in NEVER_ON_A_REAL_SERVER) && /never on a real server/i.test(e.comment),
    );
    expect(others.map((e) => e.name)).toEqual([]);
  });
});
