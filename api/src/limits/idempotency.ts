import { createHash } from 'node:crypto';

/** A stable hash of a request body: the same fields in any order hash alike. */
export function requestHash(body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256').update(canonical).digest('base64url');
}
