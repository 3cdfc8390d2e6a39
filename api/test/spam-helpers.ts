import { createChallenge, solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';

/** The payload the ALTCHA widget sends for a solved challenge: base64 JSON. */
export const payloadOf = (challenge: Challenge, number: number) =>
  Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');

/** Solves a challenge as the widget does (altcha-lib's own solver) and answers the widget's payload. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the challenge has no solution');
  return payloadOf(challenge, solution.number);
}

/** A challenge signed with `key` (the server's or another), expiring at `expires`. */
export const challengeWith = (key: Buffer, expires: Date | undefined) =>
  createChallenge({ algorithm: 'SHA-256', hmacKey: key.toString('base64'), maxnumber: 1000, expires });
