import { createHash } from 'node:crypto';
import { signToken, verifyToken, type Verified } from '../secrets/signed-tokens.ts';

/**
 * The prospect's link to move or cancel a booked demo (docs/demo-slots.md#moving-or-cancelling),
 * written into its invitation: a token signed with the key of the emails' links (secrets
 * `newsletter-links`, under a domain of its own), naming the booking and ending with the demo. Only its hash is stored, on the booking;
 * a move gives the booking a new end, so a new token, and the old link stops working.
 */
const DOMAIN = 'demo-manage';
const PURPOSE = 'manage';
export const MANAGE_PAGE = '/demo/manage';

export const manageToken = (key: Buffer, bookingId: number, endsAt: Date): string =>
  signToken(key, DOMAIN, PURPOSE, bookingId, endsAt);

export const manageTokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

export const manageUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}${MANAGE_PAGE}?token=${encodeURIComponent(token)}`;

export const verifyManageToken = (key: Buffer, token: string, now: Date): Verified =>
  verifyToken(key, DOMAIN, token, PURPOSE, now);
