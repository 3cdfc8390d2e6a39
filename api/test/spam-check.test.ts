import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib/types';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { challengeWith, payloadOf, solve } from './spam-helpers.ts';
import { createAdmin, signedIn } from './admin-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0, spamChallenge: 'monitor' });
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(() => t.close());
beforeEach(() => t.db.query('TRUNCATE contact_submissions, spam_redemptions, suspected_spam'));

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' };

async function newChallenge(): Promise<Challenge> {
  const res = await t.request().get('/api/spam-challenge');
  expectContract('getSpamChallenge', res);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as Challenge;
}

/** The check's outcome as stored on the lead (monitor mode takes every lead). */
async function checkOf(altcha?: string): Promise<string> {
  const res = await t
    .request()
    .post('/api/contact')
    .send(altcha === undefined ? contact : { ...contact, altcha });
  expect(res.status).toBe(201);
  const lead = await admin.get(`/api/contacts/${res.body.id}`);
  expectContract('getContact', lead);
  return lead.body.spamCheck as string;
}

describe('the proof-of-work check (docs/product.md#spam)', () => {
  it('passes a solution of a challenge the server issued, once', async () => {
    const solution = await solve(await newChallenge());
    expect(await checkOf(solution)).toBe('passed');
    expect(await checkOf(solution)).toBe('replayed');
  });

  it('passes only one of two submissions racing with one solution', async () => {
    const solution = await solve(await newChallenge());
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t
          .request()
          .post('/api/contact')
          .send({ ...contact, altcha: solution }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const { rows } = await t.db.query<{ spam_check: string }>(
      'SELECT spam_check FROM contact_submissions ORDER BY spam_check',
    );
    expect(rows.map((r) => r.spam_check)).toEqual(['passed', 'replayed', 'replayed']);
  });

  it('fails an expired challenge, even solved right', async () => {
    const expired = await challengeWith(t.config.spamChallengeKey!, new Date(Date.now() - 1000));
    expect(await checkOf(await solve(expired))).toBe('expired');
  });

  it('fails a solution for another challenge', async () => {
    const [a, b] = [await newChallenge(), await newChallenge()];
    const solvedB = JSON.parse(Buffer.from(await solve(b), 'base64').toString()) as { number: number };
    // A's signed challenge and salt with B's number (unless both hide the same number).
    const number = solvedB.number === 0 ? 1 : solvedB.number;
    const wrong = await solve(a).then((s) =>
      (JSON.parse(Buffer.from(s, 'base64').toString()) as { number: number }).number === number
        ? payloadOf(a, number + 1)
        : payloadOf(a, number),
    );
    expect(await checkOf(wrong)).toBe('invalid');
    // And B's solution with A's signature.
    const crossed = {
      ...JSON.parse(Buffer.from(await solve(b), 'base64').toString()),
      signature: a.signature,
    };
    expect(await checkOf(Buffer.from(JSON.stringify(crossed)).toString('base64'))).toBe('invalid');
  });

  it("fails a challenge that never expires, though signed with the server's key", async () => {
    // The server issues none: every challenge it signs says when it expires.
    const endless = await challengeWith(t.config.spamChallengeKey!, undefined);
    expect(await checkOf(await solve(endless))).toBe('invalid');
  });

  it('fails a challenge signed with another key', async () => {
    const forged = await challengeWith(randomBytes(32), new Date(Date.now() + 60_000));
    expect(await checkOf(await solve(forged))).toBe('invalid');
  });

  it('records a missing or unreadable solution and still takes the lead in monitor mode', async () => {
    expect(await checkOf()).toBe('missing');
    expect(await checkOf('not base64 json')).toBe('invalid');
    expect(await checkOf(Buffer.from('{"number":"1"}').toString('base64'))).toBe('invalid');
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM suspected_spam');
    expect(rows[0].n).toBe(0);
  });

  it('refuses an over-long solution as any bad field, storing nothing', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, altcha: 'x'.repeat(2001) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/altcha');
  });
});

describe('a solution and the rate limit (docs/product.md#spam)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ leadRateLimitPerMinute: 1, spamChallenge: 'enforce', trustProxy: true });
  });
  afterAll(() => limited.close());

  /** A submission from this address (each address has one a minute here). */
  const send = async (address: string, altcha?: string) =>
    limited
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', address)
      .send(altcha === undefined ? contact : { ...contact, altcha });

  it('is not spent by a submission the limit refused: its retry passes, and only once', async () => {
    expect((await send('192.0.2.1')).status).toBe(201);
    const solution = await solve((await limited.request().get('/api/spam-challenge')).body as Challenge);
    const refused = await send('192.0.2.1', solution);
    expect(refused.status).toBe(429);
    // The visitor tries again from another network.
    const retried = await send('192.0.2.2', solution);
    expect(retried.status).toBe(201);
    const stored = await limited.db.query<{ spam_check: string }>(
      'SELECT spam_check FROM contact_submissions WHERE id = $1',
      [retried.body.id],
    );
    expect(stored.rows).toEqual([{ spam_check: 'passed' }]);
    const replayed = await send('192.0.2.3', solution);
    expect(replayed.status).toBe(201);
    const held = await limited.db.query<{ reason: string }>(
      'SELECT reason FROM suspected_spam WHERE id = $1',
      [replayed.body.id],
    );
    expect(held.rows).toEqual([{ reason: 'replayed' }]);
  });
});
