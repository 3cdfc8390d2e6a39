import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The parsers api/src/config.ts builds its schema of environment variables from: each takes the
 * variable's text (or its absence) and gives the value, or an issue naming what is wrong.
 */
export const text = (fallback?: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v));

/** One of `values`, in any letter case; unset or empty is `fallback`. */
export const oneOf = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v.toLowerCase()))
    .pipe(z.enum(values, { message: `must be one of ${values.join(', ')}` }));

export const whole = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number of at least ${min}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

/** A number of days (at least `min`), or `off` (null: kept forever); for the RETENTION_* settings. */
export const days = (fallback: number | null, min = 1) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (v.toLowerCase() === 'off') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number of days (${min} or more) or off, got "${v}"`,
        });
        return z.NEVER;
      }
      return n;
    });

export const flag = z
  .string()
  .trim()
  .optional()
  .transform((v) => ['1', 'true', 'yes'].includes((v ?? '').toLowerCase()));

export const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A secret's text from a file (Docker secrets, docs/operations.md), trimmed of its line end. */
export const secretFile = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      return readFileSync(v, 'utf8').trim();
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `cannot be read (${(err as Error).message})` });
      return z.NEVER;
    }
  });

export const ruled = (problem: (v: string) => string | undefined) =>
  text().superRefine((v, ctx) => {
    const why = v === undefined ? undefined : problem(v);
    if (why) ctx.addIssue({ code: 'custom', message: why });
  });

/** 32 bytes, as base64 or hex: the key that encrypts second-factor secrets (docs/operations.md). */
export const key32 = (v: string | undefined, ctx: z.RefinementCtx) => {
  if (v === undefined) return undefined;
  const bytes = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (bytes.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, base64 or hex' });
    return z.NEVER;
  }
  return bytes;
};
/** An absolute URL with one of the protocols, kept as written. */
export const url = (protocols: string[], fallback?: string) =>
  text(fallback).refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A comma-separated list of durations such as `5s,5m,2h` (units ms, s, m, h, d), in milliseconds. */
export const durations = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const items = (v === undefined || v === '' ? fallback : v).split(',').map((s) => s.trim());
      const out: number[] = [];
      for (const item of items) {
        const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(item);
        if (!m) {
          ctx.addIssue({
            code: 'custom',
            message: `must be durations like 5s,5m,2h separated by commas, got "${item}"`,
          });
          return z.NEVER;
        }
        out.push(Math.round(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]));
      }
      return out;
    });
