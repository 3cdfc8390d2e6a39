export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where the prerendered site lives when the API also serves it (npm start). */
  staticDir: string | undefined;
  trustProxy: boolean;
  leadRateLimitPerMinute: number;
  bodyLimitBytes: number;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Public origin(s) allowed to send state-changing admin requests, besides the request's own host. */
  allowedOrigins: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: string;
}

function int(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return n;
}

function flag(name: string): boolean {
  const raw = (process.env[name] ?? '').toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

export function loadConfig(): Config {
  return {
    port: int('PORT', 8080, 0),
    host: process.env.HOST || '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || undefined,
    staticDir: process.env.STATIC_DIR || undefined,
    trustProxy: flag('TRUST_PROXY'),
    leadRateLimitPerMinute: int('LEAD_RATE_LIMIT_PER_MINUTE', 10, 0),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 64 * 1024, 1024),
    adminUsername: process.env.ADMIN_USERNAME || 'admin',
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 30, 1),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', 12, 1),
    logLevel: process.env.LOG_LEVEL || 'info',
  };
}
