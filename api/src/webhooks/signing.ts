import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks writes them. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Signers by secret: making one decodes the secret, and a busy endpoint signs thousands of times. */
const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    // Rotated-out secrets are dropped now and then rather than tracked.
    if (signers.size > 1000) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
}

/**
 * The Standard Webhooks headers of one attempt: the event's id (the same on every attempt), this
 * attempt's time, and a `v1` signature over `id.timestamp.body` with each secret in force, separated
 * by spaces (the current secret first; the one a rotation replaced, for its 24 hours).
 */
export function signatureHeaders(
  webhookId: string,
  body: string,
  secrets: string[],
  now: Date = new Date(),
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => signer(secret).sign(webhookId, now, body)).join(' '),
  };
}
