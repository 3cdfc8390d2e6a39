import path from 'node:path';
import { parseCronItems } from 'graphile-worker';
import { z } from 'zod';
import { normaliseUsername, passwordProblem, usernameProblem } from './admin/auth/credential-rules.ts';
import {
  days,
  durations,
  flag,
  key32,
  oneOf,
  list,
  ruled,
  secretFile,
  text,
  url,
  whole,
} from './config-parsers.ts';

/** Why a crontab schedule is not one graphile-worker's cron reads, or undefined when it is. */
function cronProblem(schedule: string): string | undefined {
  try {
    parseCronItems([{ task: 'retention', match: schedule }]);
    return undefined;
  } catch (err) {
    return `must be a crontab schedule such as "17 3 * * *" (${(err as Error).message})`;
  }
}

/**
 * Audit entries are kept at least this long whatever RETENTION_AUDIT_DAYS says; the database's
 * retention function refuses less (db/1796000002000_owner-and-app-roles.sql,
 * docs/operations.md#audit-log).
 */
export const AUDIT_RETENTION_MIN_DAYS = 365;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const MFA_POLICIES = ['off', 'optional', 'required'] as const;
export const SPAM_MODES = ['off', 'monitor', 'enforce'] as const;
export type SpamMode = (typeof SPAM_MODES)[number];
export type MfaPolicy = (typeof MFA_POLICIES)[number];

/**
 * Every environment variable the API reads, checked once at start: a wrong value stops the process
 * with a message naming the variable, instead of surfacing later as odd behaviour. `.env.example`
 * lists them, and the few that scripts/ and api/src read on their own, for operators.
 */
export const AUTO_ASSIGN_MODES = ['off', 'least-open'] as const;
export const LOCAL_LOGIN_MODES = ['all', 'owner', 'off'] as const;
export type LocalLogin = (typeof LOCAL_LOGIN_MODES)[number];
const SSO_ROLES = ['viewer', 'member', 'admin'] as const;
export type AutoAssignMode = (typeof AUTO_ASSIGN_MODES)[number];
export const PASSWORD_HASH_COSTS = ['production', 'test'] as const;
export type PasswordHashCost = (typeof PASSWORD_HASH_COSTS)[number];

const environment = z.object({
  PORT: whole(8080, 0),
  /** Local only unless told otherwise; the Docker image sets 0.0.0.0 (behind nginx). */
  HOST: text('127.0.0.1'),
  DATABASE_URL: text(),
  /** The database password from a file (the Docker stack's generated secret), put into DATABASE_URL. */
  DATABASE_PASSWORD_FILE: secretFile,
  /**
   * The owner role's connection, as which migrations run (docs/operations.md#database-roles); unset,
   * they run as DATABASE_URL's role. Its password may come from MIGRATION_DATABASE_PASSWORD_FILE.
   */
  MIGRATION_DATABASE_URL: text(),
  MIGRATION_DATABASE_PASSWORD_FILE: secretFile,
  /** PostgreSQL cancels a statement running longer (docs/operations.md#timeouts). */
  DB_STATEMENT_TIMEOUT_MS: whole(5000, 100),
  /** Where the embedded PostgreSQL keeps its data when DATABASE_URL is unset (`<DATA_DIR>/pg`). */
  DATA_DIR: text('.data'),
  /**
   * The job worker's own file of its graphile-worker pool ids, unlocked at its next start if it was
   * killed (docs/operations.md#locked-jobs); `<DATA_DIR>/worker-pools` by default. One per worker.
   */
  WORKER_STATE_FILE: text(),
  DB_POOL_SIZE: whole(20, 1),
  /** The prerendered site, when the API also serves it (npm start). */
  STATIC_DIR: text(),
  MIGRATIONS_DIR: text(),
  OPENAPI_PATH: text(),
  TRUST_PROXY: flag,
  LEAD_RATE_LIMIT_PER_MINUTE: whole(10, 0),
  BODY_LIMIT_BYTES: whole(64 * 1024, 1024),
  /** A request body must arrive whole within this (slow clients, docs/operations.md#timeouts). */
  BODY_TIMEOUT_MS: whole(10_000, 100),
  /** Connections the server holds at once; more are closed at once. */
  HTTP_MAX_CONNECTIONS: whole(1024, 1),
  /**
   * Connections one client address holds at once (docs/operations.md#timeouts); 0 turns the cap off.
   * Unset, 256, or off behind a trusted proxy, whose connections all come from its one address.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: whole(-1, 0),
  /**
   * Tests only: `test` hashes new passwords at a cost of 1 MiB instead of 128 MiB; refused unless
   * NODE_ENV=test and HOST is a loopback address (docs/operations.md#password-hashing).
   */
  PASSWORD_HASH_COST: oneOf(PASSWORD_HASH_COSTS, 'production'),
  /** Read only to allow PASSWORD_HASH_COST=test: test runners set `test`, the Docker image `production`. */
  NODE_ENV: text(),
  ADMIN_USERNAME: ruled(usernameProblem).transform((v) => normaliseUsername(v ?? 'admin')),
  ADMIN_PASSWORD: ruled(passwordProblem),
  /** Who gets a new lead (docs/operations.md#auto-assign): nobody (`off`) or the least busy member. */
  LEAD_AUTO_ASSIGN: oneOf(AUTO_ASSIGN_MODES, 'off'),
  ADMIN_MFA: oneOf(MFA_POLICIES, 'optional'),
  /** Who may sign in with a password (docs/operations.md#single-sign-on). */
  LOCAL_LOGIN: oneOf(LOCAL_LOGIN_MODES, 'all'),
  /** Single sign-on with the company's OpenID Connect provider (docs/operations.md#single-sign-on). */
  OIDC_ISSUER: url(['http:', 'https:']),
  OIDC_CLIENT_ID: text(),
  OIDC_CLIENT_SECRET: text(),
  /** The client secret from a file (a Docker secret), instead of OIDC_CLIENT_SECRET. */
  OIDC_CLIENT_SECRET_FILE: secretFile,
  OIDC_DISPLAY_NAME: text(),
  OIDC_ALLOWED_DOMAINS: list,
  OIDC_DEFAULT_ROLE: oneOf(SSO_ROLES, 'viewer'),
  /** Development and tests only: the provider may be reached over plain http://. */
  OIDC_ALLOW_HTTP: flag,
  ADMIN_MFA_KEY: text().transform(key32),
  ADMIN_MFA_KEY_FILE: text(),
  /** The lead forms' proof-of-work check (docs/product.md#spam). */
  SPAM_CHALLENGE: oneOf(SPAM_MODES, 'monitor'),
  /** The work of one challenge: the largest number it hides (docs/operations.md#spam-challenge). */
  SPAM_CHALLENGE_MAX_NUMBER: whole(50_000, 100),
  SPAM_CHALLENGE_KEY: text().transform(key32),
  /** Challenges one client address may fetch a minute, in a burst as big (docs/operations.md#spam-challenge); 0 = off. */
  SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE: whole(60, 0),
  SPAM_CHALLENGE_KEY_FILE: text(),
  /** Public origin(s) allowed to send state-changing admin requests, besides the request's own host. */
  ALLOWED_ORIGINS: list,
  SESSION_IDLE_MINUTES: whole(30, 1),
  SESSION_ABSOLUTE_HOURS: whole(12, 1),
  /**
   * Where the site is reached: links in emails (confirmations, the desk) start with it. Unset, the
   * address the server listens on (HOST and PORT, `localhost` for a loopback or any address).
   */
  PUBLIC_URL: url(['http:', 'https:']),
  /** smtp://user:pass@host:587 or smtps://...; without it no email is sent, each is held (docs/operations.md#email). */
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: text('TextFlow <no-reply@textflow.example>'),
  SALES_NOTIFY_TO: list,
  /** Sales alerts, or "assigned to you" emails, one person gets one by one in a clock minute; the rest of it in one digest (docs/product.md#alert-digests). */
  ALERTS_PER_MINUTE: whole(10, 1),
  WORKER_CONCURRENCY: whole(4, 1),
  /** Prometheus metrics on their own port (docs/operations.md#metrics); unset = no metrics endpoint. */
  METRICS_PORT: whole(-1, 1),
  /** Their address, or `via:<host>`: this process's own address on the way to that host. */
  METRICS_HOST: text('127.0.0.1'),
  /** How often the worker looks for jobs due later (retries); new ones start at once. */
  WORKER_POLL_INTERVAL_MS: whole(1000, 50),
  /** Development only: webhook endpoints may use plain http:// (docs/webhooks.md). */
  WEBHOOK_ALLOW_HTTP: flag,
  /** Development and tests only: deliveries may reach loopback, private and link-local addresses. */
  WEBHOOK_ALLOW_PRIVATE: flag,
  /** The wait before each retry of a failed delivery (docs/product.md#webhooks); shortened in tests. */
  WEBHOOK_RETRY_SCHEDULE: durations('5s,5m,30m,2h,5h,10h,10h'),
  /**
   * Retention (docs/operations.md#retention): days after which the retention job erases leads
   * (off by default), deletes sign-ups never confirmed, empties sent emails' content and webhook
   * payloads, and deletes audit entries. `off` keeps that kind of data.
   */
  RETENTION_LEAD_DAYS: days(null),
  RETENTION_UNCONFIRMED_DAYS: days(7),
  RETENTION_EMAIL_DAYS: days(90),
  RETENTION_WEBHOOK_DAYS: days(30),
  RETENTION_AUDIT_DAYS: days(730, AUDIT_RETENTION_MIN_DAYS),
  /** How often the retention job runs, as a crontab schedule (graphile-worker's cron). */
  RETENTION_SCHEDULE: ruled(cronProblem).transform((v) => v || '17 3 * * *'),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 'info' : v))
    .pipe(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })),
});

/** The names of the variables above, for the check that `.env.example` lists them (config-env-example.test.ts). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environment.shape);

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** MIGRATION_DATABASE_URL: the owner's, for migrations; undefined = databaseUrl's role migrates. */
  migrationDatabaseUrl: string | undefined;
  dbStatementTimeoutMs: number;
  dataDir: string;
  /** The job worker's file of its pool ids (worker.ts, docs/operations.md#locked-jobs). */
  workerStateFile: string;
  dbPoolSize: number;
  staticDir: string | undefined;
  migrationsDir: string | undefined;
  openapiPath: string | undefined;
  trustProxy: boolean;
  leadRateLimitPerMinute: number;
  /** LEAD_AUTO_ASSIGN (docs/operations.md#auto-assign). */
  leadAutoAssign: AutoAssignMode;
  bodyLimitBytes: number;
  bodyTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  adminUsername: string;
  adminPassword: string | undefined;
  /** PASSWORD_HASH_COST: the scrypt cost of the passwords hashed (admin/auth/password.ts). */
  passwordHashCost: PasswordHashCost;
  adminMfa: MfaPolicy;
  /** The key that encrypts TOTP secrets: ADMIN_MFA_KEY, or read (created if missing) from adminMfaKeyFile. */
  adminMfaKey: Buffer | undefined;
  adminMfaKeyFile: string;
  /** LOCAL_LOGIN: who may sign in with a password. */
  localLogin: LocalLogin;
  /** Single sign-on, or null when OIDC_ISSUER is unset. */
  oidc: OidcConfig | null;
  spamChallenge: SpamMode;
  spamChallengeMaxNumber: number;
  spamChallengeRateLimitPerMinute: number;
  /** The key that signs proof-of-work challenges: SPAM_CHALLENGE_KEY, or read (created if missing) from spamChallengeKeyFile. */
  spamChallengeKey: Buffer | undefined;
  spamChallengeKeyFile: string;
  allowedOrigins: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  workerPollIntervalMs: number;
  webhookAllowHttp: boolean;
  webhookAllowPrivate: boolean;
  /** Milliseconds to wait before retry 1, 2, ...; a delivery fails after the last. */
  webhookRetryScheduleMs: number[];
  logLevel: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  salesNotifyTo: string[];
  alertsPerMinute: number;
  workerConcurrency: number;
  /** null when metrics are off. */
  metricsPort: number | null;
  metricsHost: string;
  retention: RetentionDays;
  retentionSchedule: string;
}

/** The OpenID Connect provider and who it lets in (docs/operations.md#single-sign-on). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's "Sign in with ..."; the issuer's host name unless OIDC_DISPLAY_NAME says. */
  displayName: string;
  /** PUBLIC_URL + /api/admin/sso/callback: what to register with the provider. */
  redirectUri: string;
  /** Where the provider's sign-out sends the browser back: the desk's sign-in page. */
  postLogoutRedirectUri: string;
  allowedDomains: string[];
  defaultRole: (typeof SSO_ROLES)[number];
  allowHttp: boolean;
}

/** Days each kind of personal data is kept; null = kept (docs/operations.md#retention). */
export interface RetentionDays {
  leadDays: number | null;
  unconfirmedDays: number | null;
  emailDays: number | null;
  webhookDays: number | null;
  auditDays: number | null;
}

/** The server's own address, as PUBLIC_URL's default (`npm start` serves the site itself). */
function listeningUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host)
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    return `http://localhost:${port}`; // a HOST no URL can hold: the server says so when it listens
  }
}

/** Reads and checks the environment; throws one error listing every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? listeningUrl(e.HOST!, e.PORT)).replace(/\/+$/, '');
  const oidc = oidcConfig(e, publicUrl);
  const hashCostProblem = passwordHashCostProblem(e);
  if (hashCostProblem) throw new Error(`Invalid configuration:\n  ${hashCostProblem}`);
  const withPassword = (databaseUrl: string | undefined, password: string | undefined) => {
    if (!databaseUrl || password === undefined) return databaseUrl;
    const url = new URL(databaseUrl);
    url.password = encodeURIComponent(password);
    return url.toString();
  };
  const databaseUrl = withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD_FILE);
  const migrationDatabaseUrl = withPassword(e.MIGRATION_DATABASE_URL, e.MIGRATION_DATABASE_PASSWORD_FILE);
  if (migrationDatabaseUrl && !databaseUrl)
    throw new Error(
      'Invalid configuration:\n  MIGRATION_DATABASE_URL is set but DATABASE_URL is not (the embedded database has its own roles)',
    );
  const dataDir = path.resolve(e.DATA_DIR!);
  return {
    port: e.PORT,
    host: e.HOST!,
    databaseUrl,
    migrationDatabaseUrl,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dataDir,
    dbPoolSize: e.DB_POOL_SIZE,
    staticDir: e.STATIC_DIR,
    migrationsDir: e.MIGRATIONS_DIR,
    openapiPath: e.OPENAPI_PATH,
    trustProxy: e.TRUST_PROXY,
    leadRateLimitPerMinute: e.LEAD_RATE_LIMIT_PER_MINUTE,
    leadAutoAssign: e.LEAD_AUTO_ASSIGN,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    maxConnections: e.HTTP_MAX_CONNECTIONS,
    maxConnectionsPerAddress:
      e.HTTP_MAX_CONNECTIONS_PER_ADDRESS >= 0 ? e.HTTP_MAX_CONNECTIONS_PER_ADDRESS : e.TRUST_PROXY ? 0 : 256,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    passwordHashCost: e.PASSWORD_HASH_COST,
    adminMfa: e.ADMIN_MFA,
    adminMfaKey: e.ADMIN_MFA_KEY,
    workerStateFile: path.resolve(e.WORKER_STATE_FILE ?? path.join(dataDir, 'worker-pools')),
    adminMfaKeyFile: e.ADMIN_MFA_KEY_FILE ?? path.join(dataDir, 'mfa-key'),
    localLogin: e.LOCAL_LOGIN,
    oidc,
    spamChallenge: e.SPAM_CHALLENGE,
    spamChallengeMaxNumber: e.SPAM_CHALLENGE_MAX_NUMBER,
    spamChallengeRateLimitPerMinute: e.SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE,
    spamChallengeKey: e.SPAM_CHALLENGE_KEY,
    spamChallengeKeyFile: e.SPAM_CHALLENGE_KEY_FILE ?? path.join(dataDir, 'spam-challenge-key'),
    allowedOrigins: e.ALLOWED_ORIGINS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    workerPollIntervalMs: e.WORKER_POLL_INTERVAL_MS,
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookRetryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM!,
    salesNotifyTo: e.SALES_NOTIFY_TO,
    alertsPerMinute: e.ALERTS_PER_MINUTE,
    workerConcurrency: e.WORKER_CONCURRENCY,
    metricsPort: e.METRICS_PORT < 0 ? null : e.METRICS_PORT,
    metricsHost: e.METRICS_HOST!,
    retention: {
      leadDays: e.RETENTION_LEAD_DAYS,
      unconfirmedDays: e.RETENTION_UNCONFIRMED_DAYS,
      emailDays: e.RETENTION_EMAIL_DAYS,
      webhookDays: e.RETENTION_WEBHOOK_DAYS,
      auditDays: e.RETENTION_AUDIT_DAYS,
    },
    retentionSchedule: e.RETENTION_SCHEDULE!,
  };
}

/**
 * The test cost is for a test's own server only: one started by a test runner (NODE_ENV=test,
 * which Vitest sets and the e2e servers set; the Docker image sets production) that nobody else
 * can reach (HOST on loopback; the Docker image listens on 0.0.0.0). A real install would need
 * both changed, and PASSWORD_HASH_COST set, to hash its passwords cheaply
 * (docs/operations.md#password-hashing).
 */
function passwordHashCostProblem(e: z.infer<typeof environment>): string | undefined {
  if (e.PASSWORD_HASH_COST !== 'test') return undefined;
  if (e.NODE_ENV !== 'test')
    return `PASSWORD_HASH_COST=test is for tests only: it needs NODE_ENV=test (NODE_ENV is ${e.NODE_ENV ? `"${e.NODE_ENV}"` : 'unset'})`;
  if (!isLoopback(e.HOST!))
    return `PASSWORD_HASH_COST=test is for tests only: it needs HOST on loopback (HOST is "${e.HOST}")`;
  return undefined;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(host);

/**
 * Single sign-on's settings, checked together: an issuer without its client, a client without its
 * issuer, or passwords turned off with no provider to sign in through is a configuration that
 * cannot work, and stops the start with the reason.
 */
function oidcConfig(e: z.infer<typeof environment>, publicUrl: string): OidcConfig | null {
  const secret = e.OIDC_CLIENT_SECRET_FILE ?? e.OIDC_CLIENT_SECRET;
  const problems: string[] = [];
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID is required with OIDC_ISSUER');
    if (!secret)
      problems.push('OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) is required with OIDC_ISSUER');
    if (e.OIDC_ISSUER.startsWith('http:') && !e.OIDC_ALLOW_HTTP)
      problems.push('OIDC_ISSUER must be https:// (OIDC_ALLOW_HTTP=true allows http:// for development)');
  } else {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_CLIENT_SECRET_FILE'] as const)
      if (e[name]) problems.push(`${name} is set but OIDC_ISSUER is not`);
    if (e.LOCAL_LOGIN === 'off')
      problems.push('LOCAL_LOGIN=off needs single sign-on (OIDC_ISSUER): nobody could sign in');
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  if (!e.OIDC_ISSUER) return null;
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: secret!,
    displayName: e.OIDC_DISPLAY_NAME || new URL(e.OIDC_ISSUER).hostname,
    redirectUri: `${publicUrl}/api/admin/sso/callback`,
    postLogoutRedirectUri: `${publicUrl}/admin/login`,
    allowedDomains: e.OIDC_ALLOWED_DOMAINS.map((d) => d.toLowerCase().replace(/^@/, '')),
    defaultRole: e.OIDC_DEFAULT_ROLE,
    allowHttp: e.OIDC_ALLOW_HTTP,
  };
}
