import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { createAccount } from './team/accounts.service.ts';
import { countAdmins, findAdmin } from './auth/auth.repo.ts';
import { normaliseUsername, passwordProblem } from './auth/credential-rules.ts';
import { generatePassword, hashPassword } from './auth/password.ts';

const SYSTEM = { actor: { kind: 'system' } } as const;

/**
 * The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD. With no password configured and no
 * admin at all, one is generated and printed once; there is never a default password. An existing
 * account is left as it is (reset it with the admin CLI). The first account is the owner.
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: Logger,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ created: boolean; generatedPassword?: string }> {
  const username = normaliseUsername(config.adminUsername);
  if (config.adminPassword) {
    // One rule everywhere (credential-rules.ts); config.ts refuses such a value already at start.
    const why = passwordProblem(config.adminPassword);
    if (why) throw new Error(`ADMIN_PASSWORD ${why}`);
    if (await findAdmin(db, username)) return { created: false };
    const created = Boolean(
      await createAccount(db, SYSTEM, username, await hashPassword(config.adminPassword)),
    );
    if (created) log.info({ username }, 'admin account created from ADMIN_PASSWORD');
    return { created };
  }
  if ((await countAdmins(db)) > 0) return { created: false };
  const password = generatePassword();
  // Several API processes may start together: only the one whose insert wins prints.
  const created = Boolean(await createAccount(db, SYSTEM, username, await hashPassword(password)));
  if (!created) return { created: false };
  log.info({ username }, 'admin account created with a generated password (printed once on stdout)');
  print(
    [
      '',
      '==================================================================',
      ' No ADMIN_PASSWORD was set, so an admin account was created:',
      `   username: ${username}`,
      `   password: ${password}`,
      ' It is shown only this once. Change it with:',
      `   npm run admin -- reset ${username}                    (from a checkout)`,
      `   docker compose exec api admin reset ${username}      (in the Docker stack)`,
      '==================================================================',
      '',
    ].join('\n'),
  );
  return { created: true, generatedPassword: password };
}
