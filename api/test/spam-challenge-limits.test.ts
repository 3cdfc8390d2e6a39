import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';

// GET /api/spam-challenge per client address (docs/operations.md#spam-challenge): a flood from one
// address is refused with 429 and writes no line per challenge.

const LIMIT = 5;
const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { spamChallenge: 'monitor', spamChallengeRateLimitPerMinute: LIMIT, trustProxy: true },
    { log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) },
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('TRUNCATE rate_limit_buckets');
  lines.length = 0;
});

const challenge = (ip: string) => t.request().get('/api/spam-challenge').set('X-Forwarded-For', ip);

describe('the spam challenge per client address', () => {
  it('gives an address its challenges up to the limit, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await challenge('192.0.2.1');
      expectContract('getSpamChallenge', res);
      expect(res.status).toBe(200);
    }
    const refused = await challenge('192.0.2.1');
    expectContract('getSpamChallenge', refused);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The refusal is remembered in the process too: the next one is refused without the database.
    expect((await challenge('192.0.2.1')).status).toBe(429);

    const other = await challenge('192.0.2.2');
    expect(other.status).toBe(200);
  });

  it('writes no log line per challenge it gives, and a flood of refusals as one line a second', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => challenge('192.0.2.3')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40 - LIMIT);
    const about = lines.filter((l) => l.path === '/api/spam-challenge');
    // At most the sampled refusal's line (one a second, docs/operations.md#logs) and one across a
    // second's turn: never one a request.
    expect(about.length).toBeLessThanOrEqual(2);
    expect(about.every((l) => l.status === 429 && 'alsoRefused' in l)).toBe(true);
  });
});
