// Creates an admin or resets a password:  npm run admin -- create <username> | reset <username>
// The password comes from ADMIN_PASSWORD or is read from standard input (never from argv, which
// other users of the machine can see).
import { createInterface } from 'node:readline/promises';
import { insertAdmin, updatePassword } from '../admin/auth/auth.repo.ts';
import { hashPassword } from '../admin/auth/password.ts';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import path from 'node:path';

const [command, username] = process.argv.slice(2);
if ((command !== 'create' && command !== 'reset') || !username) {
  console.error(
    'Usage: admin create <username> | admin reset <username>   (password from ADMIN_PASSWORD or stdin)',
  );
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('New password (at least 12 characters): ');
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

const password = await readPassword();
if (password.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR ?? '.data', 'pg'));
const url = config.databaseUrl ?? embedded!.url;
await migrate(url);
const db = createPool(url, 2);
try {
  const hash = await hashPassword(password);
  if (command === 'create') {
    if (!(await insertAdmin(db, username, hash))) {
      console.error(`An admin named ${username} already exists; use reset.`);
      process.exitCode = 1;
    } else console.log(`Admin ${username} created.`);
  } else if (!(await updatePassword(db, username, hash))) {
    console.error(`There is no admin named ${username}.`);
    process.exitCode = 1;
  } else console.log(`Password of ${username} reset; their sessions were ended.`);
} finally {
  await db.end();
  await embedded?.stop();
}
