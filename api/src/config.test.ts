import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dbPoolSize: 20,
      leadRateLimitPerMinute: 10,
      bodyLimitBytes: 65536,
      adminUsername: 'admin',
      adminPassword: undefined,
      trustProxy: false,
      allowedOrigins: [],
      logLevel: 'info',
      host: '127.0.0.1',
      adminMfa: 'optional',
      dbStatementTimeoutMs: 5000,
      webhookAllowHttp: false,
      webhookAllowPrivate: false,
      webhookRetryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    });
  });

  it('hashes passwords at the production cost unless a test server of its own asks for less', () => {
    expect(loadConfig({}).passwordHashCost).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashCost).toBe('production');
    const testServer = { PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' };
    expect(loadConfig(testServer).passwordHashCost).toBe('test');
    expect(loadConfig({ ...testServer, HOST: '::1' }).passwordHashCost).toBe('test');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test' })).toThrow(
      'PASSWORD_HASH_COST=test is for tests only: it needs NODE_ENV=test (NODE_ENV is unset)',
    );
    expect(() => loadConfig({ ...testServer, NODE_ENV: 'production' })).toThrow(
      'it needs NODE_ENV=test (NODE_ENV is "production")',
    );
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'desk.example'])
      expect(() => loadConfig({ ...testServer, HOST: host })).toThrow(
        `PASSWORD_HASH_COST=test is for tests only: it needs HOST on loopback (HOST is "${host}")`,
      );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(
      'PASSWORD_HASH_COST must be one of production, test',
    );
  });

  it('keeps personal data by the RETENTION_* settings: days, or off', () => {
    expect(loadConfig({}).retention).toEqual({
      leadDays: null,
      unconfirmedDays: 7,
      emailDays: 90,
      webhookDays: 30,
      auditDays: 730,
    });
    expect(loadConfig({}).retentionSchedule).toBe('17 3 * * *');
    const set = loadConfig({
      RETENTION_LEAD_DAYS: '365',
      RETENTION_EMAIL_DAYS: 'off',
      RETENTION_SCHEDULE: '0 * * * *',
    });
    expect(set.retention).toMatchObject({ leadDays: 365, emailDays: null });
    expect(set.retentionSchedule).toBe('0 * * * *');
    expect(() => loadConfig({ RETENTION_AUDIT_DAYS: '0' })).toThrow(
      'RETENTION_AUDIT_DAYS must be a whole number of days',
    );
    // Audit entries are kept at least 365 days (docs/operations.md#audit-log).
    expect(() => loadConfig({ RETENTION_AUDIT_DAYS: '364' })).toThrow(
      'RETENTION_AUDIT_DAYS must be a whole number of days (365 or more) or off, got "364"',
    );
    expect(loadConfig({ RETENTION_AUDIT_DAYS: '365' }).retention.auditDays).toBe(365);
    expect(() => loadConfig({ RETENTION_SCHEDULE: 'nightly' })).toThrow(
      'RETENTION_SCHEDULE must be a crontab schedule',
    );
  });

  it('checks lead forms for spam in monitor mode unless SPAM_CHALLENGE says otherwise', () => {
    expect(loadConfig({}).spamChallenge).toBe('monitor');
    expect(loadConfig({ SPAM_CHALLENGE: ' Enforce ' }).spamChallenge).toBe('enforce');
    expect(loadConfig({ SPAM_CHALLENGE: 'off' }).spamChallenge).toBe('off');
    expect(() => loadConfig({ SPAM_CHALLENGE: 'strict' })).toThrow(
      'SPAM_CHALLENGE must be one of off, monitor, enforce',
    );
  });

  it('reads a retry schedule of durations and refuses one it cannot read', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '250ms, 1s,1.5m,2h,1d' }).webhookRetryScheduleMs).toEqual([
      250, 1000, 90_000, 7_200_000, 86_400_000,
    ]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5s,soon' })).toThrow(
      'WEBHOOK_RETRY_SCHEDULE must be durations like 5s,5m,2h separated by commas, got "soon"',
    );
  });

  it('reads flags, lists and numbers, treating empty values as unset', () => {
    const config = loadConfig({
      TRUST_PROXY: 'true',
      ALLOWED_ORIGINS: ' https://a.example , https://b.example,',
      DB_POOL_SIZE: '5',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
    });
    expect(config.trustProxy).toBe(true);
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.dbPoolSize).toBe(5);
    expect(config.adminPassword).toBeUndefined();
    expect(config.logLevel).toBe('warn');
  });

  it('refuses wrong values, naming every variable that is wrong at once', () => {
    let message = '';
    try {
      loadConfig({ DB_POOL_SIZE: 'ten', PORT: '-1', LOG_LEVEL: 'loud' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('DB_POOL_SIZE must be a whole number of at least 1, got "ten"');
    expect(message).toContain('PORT must be a whole number of at least 0, got "-1"');
    expect(message).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  });

  it('holds ADMIN_PASSWORD to the same 12-character rule as the admin CLI', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short-pw' })).toThrow(
      'ADMIN_PASSWORD must be at least 12 characters',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve chars' }).adminPassword).toBe('twelve chars');
  });

  it('stores ADMIN_USERNAME in its one spelling and refuses one no account can have', () => {
    expect(loadConfig({ ADMIN_USERNAME: ' Boss ' }).adminUsername).toBe('boss');
    expect(() => loadConfig({ ADMIN_USERNAME: 'ADMİN' })).toThrow('ADMIN_USERNAME must be');
  });

  it('reads ADMIN_MFA and the database password from a file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(`${(await import('node:os')).tmpdir()}/cfg-`);
    writeFileSync(`${dir}/pw`, 'p@ss word\n');
    const config = loadConfig({
      ADMIN_MFA: 'required',
      DATABASE_URL: 'postgres://leaddesk@db:5432/leaddesk',
      DATABASE_PASSWORD_FILE: `${dir}/pw`,
    });
    expect(config.adminMfa).toBe('required');
    expect(config.databaseUrl).toBe('postgres://leaddesk:p%40ss%20word@db:5432/leaddesk');
    expect(() => loadConfig({ ADMIN_MFA: 'sometimes' })).toThrow(
      'ADMIN_MFA must be one of off, optional, required',
    );
  });

  it('reads the follow-up settings: email off without SMTP_URL, metrics off', () => {
    expect(loadConfig({})).toMatchObject({
      publicUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      salesNotifyTo: [],
      metricsPort: null,
      metricsHost: '127.0.0.1',
    });
    const config = loadConfig({
      PUBLIC_URL: 'https://textflow.example/',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      SALES_NOTIFY_TO: 'a@textflow.example, b@textflow.example',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://textflow.example',
      smtpUrl: 'smtp://user:pass@mail.example:587',
      salesNotifyTo: ['a@textflow.example', 'b@textflow.example'],
      metricsPort: 9464,
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example:587', PUBLIC_URL: 'textflow.example' })).toThrow(
      /PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\/\n {2}SMTP_URL must be a URL starting with smtp:\/\//,
    );
  });

  it("links to the address it listens on when PUBLIC_URL is unset (npm start's PORT and HOST)", () => {
    expect(loadConfig({ PORT: '9123' }).publicUrl).toBe('http://localhost:9123');
    expect(loadConfig({ PORT: '9123', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:9123');
    expect(loadConfig({ PORT: '80', HOST: 'desk.internal' }).publicUrl).toBe('http://desk.internal');
    expect(loadConfig({ PORT: '9123', HOST: 'fd00::5' }).publicUrl).toBe('http://[fd00::5]:9123');
    expect(loadConfig({ PORT: '9123', PUBLIC_URL: 'https://textflow.example' }).publicUrl).toBe(
      'https://textflow.example',
    );
    // Single sign-on's addresses come from it too.
    const sso = loadConfig({
      PORT: '9123',
      OIDC_ISSUER: 'https://idp.example',
      OIDC_CLIENT_ID: 'desk',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(sso.oidc?.redirectUri).toBe('http://localhost:9123/api/admin/sso/callback');
  });

  it('lists in .env.example only settings the Docker stack passes on', async () => {
    const root = new URL('../../', import.meta.url);
    const example = await readFile(new URL('.env.example', root), 'utf8');
    const compose = await readFile(new URL('docker-compose.yml', root), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((name) => !compose.includes(`\${${name}`))).toEqual([]);
  });
});
