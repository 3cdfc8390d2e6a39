// Admin accounts from the command line (docs/operations.md#admin-accounts):
//   npm run admin -- create <username>
//   npm run admin -- reset <username> [--reset-mfa]     new password (and forget the second factor)
//   npm run admin -- reset-mfa <username>               forget the second factor only
// The password comes from ADMIN_PASSWORD or is read from standard input (never from argv, which
// other users of the machine can see).
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { insertAdmin, resetSecondFactor, updatePassword } from '../admin/auth/auth.repo.ts';
import { normaliseUsername, passwordProblem, usernameProblem } from '../admin/auth/credential-rules.ts';
import { hashPassword } from '../admin/auth/password.ts';
import { loadConfig, type Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';

const args = process.argv.slice(2);
const resetMfaToo = args.includes('--reset-mfa');
const [command, rawName] = args.filter((a) => a !== '--reset-mfa');
const commands = ['create', 'reset', 'reset-mfa'];
if (!command || !commands.includes(command) || !rawName || (resetMfaToo && command !== 'reset')) {
  console.error(
    'Usage: admin create <username> | admin reset <username> [--reset-mfa] | admin reset-mfa <username>\n' +
      '       (the password from ADMIN_PASSWORD or stdin)',
  );
  process.exit(2);
}
const nameProblem = usernameProblem(rawName);
if (nameProblem && command === 'create') {
  console.error(`The username ${nameProblem}.`);
  process.exit(2);
}
const username = normaliseUsername(rawName);

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (config.adminPassword) return config.adminPassword;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('New password (at least 12 characters): ');
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

const password = command === 'reset-mfa' ? undefined : await readPassword();
const problem = password === undefined ? undefined : passwordProblem(password);
if (problem) {
  console.error(`The password ${problem}.`);
  process.exit(2);
}
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
const url = config.databaseUrl ?? embedded!.url;
await migrate(url, { dir: config.migrationsDir });
const db = createPool(url, 2);
try {
  if (command === 'create') {
    if (!(await insertAdmin(db, username, await hashPassword(password!)))) {
      console.error(`An admin named ${username} already exists; use reset.`);
      process.exitCode = 1;
    } else console.log(`Admin ${username} created.`);
  } else if (command === 'reset') {
    if (!(await updatePassword(db, username, await hashPassword(password!)))) {
      console.error(`There is no admin named ${username}.`);
      process.exitCode = 1;
    } else {
      if (resetMfaToo) await resetSecondFactor(db, username);
      console.log(
        `Password of ${username} reset${resetMfaToo ? ' and second factor removed' : ''}; their sessions were ended.`,
      );
    }
  } else if (!(await resetSecondFactor(db, username))) {
    console.error(`There is no admin named ${username}.`);
    process.exitCode = 1;
  } else
    console.log(
      `Second factor of ${username} removed; their sessions were ended. They enrol again at sign-in.`,
    );
} finally {
  await db.end();
  await embedded?.stop();
}
