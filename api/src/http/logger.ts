import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level = 'info', service = 'api'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Belt and braces: nothing secret or personal should reach a log line, even by mistake.
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'body',
        '*.body',
      ],
      censor: '[redacted]',
    },
  });
}
