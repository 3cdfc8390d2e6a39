import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/admin/admin.service.ts';
import { verifyPassword } from '../src/admin/auth/password.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/http/logger.ts';
import { startTestApp } from './harness.ts';

describe('the first admin account', () => {
  // The one test at the production cost (the harness hashes at the test cost,
  // docs/testing.md#password-cost): what a real install stores by default, and a sign-in with it.
  it('is generated once, printed once, hashed with scrypt N=2^17 by default, and signs in', async () => {
    const app = await startTestApp({ passwordHashCost: loadConfig({}).passwordHashCost });
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
      const login = await app
        .request()
        .post('/api/admin/login')
        .set('Origin', app.baseUrl)
        .send({ username: 'admin', password: first.generatedPassword });
      expect(login.status).toBe(200);
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

  it('is hashed at the test cost only on a test server of its own: a real one refuses it at start', async () => {
    const start = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
          env: {
            ...process.env,
            PORT: '0',
            DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
            METRICS_PORT: '',
            PASSWORD_HASH_COST: 'test',
            ...env,
          },
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    const image = await start({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(image.status).toBe(1);
    expect(image.stderr).toContain('PASSWORD_HASH_COST=test is for tests only: it needs NODE_ENV=test');
    const reachable = await start({ NODE_ENV: 'test', HOST: '0.0.0.0' });
    expect(reachable.status).toBe(1);
    expect(reachable.stderr).toContain(
      'PASSWORD_HASH_COST=test is for tests only: it needs HOST on loopback (HOST is "0.0.0.0")',
    );
  });
});
