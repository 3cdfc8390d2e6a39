// Admin accounts from the command line (docs/operations.md#admin-accounts):
//   npm run admin -- create <username> [--role viewer|member|admin|owner]
//        (default: owner when the desk has none yet, admin otherwise)
//   npm run admin -- reset <username> [--reset-mfa]     new password (and forget the second factor)
//   npm run admin -- reset-mfa <username>               forget the second factor only
//   npm run admin -- email <username> <address>         the account's address, which single sign-on
//        matches (docs/operations.md#single-sign-on); it forgets the account's link to the provider
// The password comes from ADMIN_PASSWORD or is read from standard input (never from argv, which
// other users of the machine can see).
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { cliSource } from '../audit/audit.ts';
import type { Role } from '../contract/load.ts';
import {
  createAccount,
  removeSecondFactor,
  resetPassword,
  setEmail,
} from '../admin/team/accounts.service.ts';
import { normaliseUsername, passwordProblem, usernameProblem } from '../admin/auth/credential-rules.ts';
import { hashPassword, usePasswordHashCost } from '../admin/auth/password.ts';
import { loadConfig, type Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';

const ROLES: Role[] = ['viewer', 'member', 'admin', 'owner'];
const args = process.argv.slice(2);
const resetMfaToo = args.includes('--reset-mfa');
const roleAt = args.indexOf('--role');
const role = roleAt === -1 ? undefined : args[roleAt + 1];
const [command, rawName, address] = args.filter(
  (a, i) => a !== '--reset-mfa' && (roleAt === -1 || (i !== roleAt && i !== roleAt + 1)),
);
const commands = ['create', 'reset', 'reset-mfa', 'email'];
if (
  !command ||
  !commands.includes(command) ||
  !rawName ||
  (command === 'email') !== Boolean(address) ||
  (address !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) ||
  (resetMfaToo && command !== 'reset') ||
  (roleAt !== -1 && (command !== 'create' || !ROLES.includes(role as Role)))
) {
  console.error(
    'Usage: admin create <username> [--role viewer|member|admin|owner] | admin reset <username> [--reset-mfa]\n' +
      '       | admin reset-mfa <username> | admin email <username> <address>\n' +
      '       (the password of create and reset from ADMIN_PASSWORD or stdin)',
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
usePasswordHashCost(config.passwordHashCost);

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

const password = command === 'reset-mfa' || command === 'email' ? undefined : await readPassword();
const problem = password === undefined ? undefined : passwordProblem(password);
if (problem) {
  console.error(`The password ${problem}.`);
  process.exit(2);
}
// Beside a running `npm start`, its PostgreSQL is used (docs/operations.md#embedded-database).
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), {
      ifRunning: 'reuse',
      log: (msg) => console.error(msg.charAt(0).toUpperCase() + msg.slice(1)),
    }).catch((err: unknown) => {
      console.error((err as Error).message);
      process.exit(1);
    });
const url = config.databaseUrl ?? embedded!.url;
await migrate(config.migrationDatabaseUrl ?? embedded?.ownerUrl ?? url, {
  dir: config.migrationsDir,
  appUrl: url,
});
const db = createPool(url, 2);
try {
  if (command === 'create') {
    const created = await createAccount(
      db,
      cliSource,
      username,
      await hashPassword(password!),
      role as Role,
    ).catch((err: { constraint?: string }) => {
      // One owner at most (docs/operations.md#roles); ownership is handed on in the desk.
      if (err.constraint !== 'admin_users_one_owner_idx') throw err;
      return 'owner-taken' as const;
    });
    if (created === 'owner-taken') {
      console.error('The desk has an owner already; create the account with another --role.');
      process.exitCode = 1;
    } else if (!created) {
      console.error(`An admin named ${username} already exists; use reset.`);
      process.exitCode = 1;
    } else console.log(`Account ${username} created with the ${created.role} role.`);
  } else if (command === 'reset') {
    if (!(await resetPassword(db, cliSource, username, await hashPassword(password!), resetMfaToo))) {
      console.error(`There is no admin named ${username}.`);
      process.exitCode = 1;
    } else {
      console.log(
        `Password of ${username} reset${resetMfaToo ? ' and second factor removed' : ''}; their sessions were ended.`,
      );
    }
  } else if (command === 'email') {
    const set = await setEmail(db, cliSource, username, address!);
    if (set === 'taken') {
      console.error(`Another account has the address ${address!.toLowerCase()}.`);
      process.exitCode = 1;
    } else if (!set) {
      console.error(`There is no admin named ${username}.`);
      process.exitCode = 1;
    } else
      console.log(`Address of ${username} set to ${address!.toLowerCase()}; single sign-on links it anew.`);
  } else if (!(await removeSecondFactor(db, cliSource, username))) {
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
