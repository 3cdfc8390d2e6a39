import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/admin/admin.service.ts';
import { verifyPassword } from '../src/admin/auth/password.ts';
import { createLogger } from '../src/http/logger.ts';
import { startTestApp } from './harness.ts';

describe('the first admin account', () => {
  it('is generated once, printed once, and hashed with scrypt N=2^17', async () => {
    const app = await startTestApp();
    try {
      const printed: string[] = [];
      const log = createLogger('silent');
      const config = { adminUsername: 'admin', adminPassword: undefined };
      const first = await ensureFirstAdmin(app.db, config, log, (s) => printed.push(s));
      const second = await ensureFirstAdmin(app.db, config, log, (s) => printed.push(s));
      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(first.generatedPassword);
      expect(first.generatedPassword!.length).toBeGreaterThanOrEqual(24);
      const { rows } = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM admin_users');
      expect(rows[0]!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(rows[0]!.password_hash).not.toContain(first.generatedPassword);
      expect(await verifyPassword(first.generatedPassword!, rows[0]!.password_hash)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('takes ADMIN_PASSWORD when set, and leaves an existing account as it is', async () => {
    const app = await startTestApp();
    try {
      const log = createLogger('silent');
      await ensureFirstAdmin(app.db, { adminUsername: 'boss', adminPassword: 'first password!' }, log);
      await ensureFirstAdmin(app.db, { adminUsername: 'boss', adminPassword: 'second password!' }, log);
      const { rows } = await app.db.query<{ username: string; password_hash: string }>(
        'SELECT username, password_hash FROM admin_users',
      );
      expect(rows.map((r) => r.username)).toEqual(['boss']);
      expect(await verifyPassword('first password!', rows[0]!.password_hash)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
