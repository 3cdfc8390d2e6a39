import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: the Standard Webhooks headers and the raw body. */
export interface Received {
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A customer's webhook receiver: a real HTTP server on a free port of 127.0.0.1 (the e2e server
 * allows plain HTTP to private addresses: scripts/e2e-server.mjs). `status` says how it answers
 * its n-th request (0-based).
 */
export async function startReceiver(status: (n: number) => number = () => 204): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name] ?? '');
      const n = received.length;
      received.push({
        webhookId: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const code = status(n);
      res.writeHead(code, { 'Content-Type': 'text/plain' }).end(code < 300 ? '' : `receiver says ${code}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/lead-desk`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Whether one of the `v1,` signatures is the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` under
 * the secret (`whsec_` and the base64 key), as docs/webhooks.md#headers says.
 */
export function signedWith(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${r.webhookId}.${r.timestamp}.${r.body}`)
    .digest('base64');
  return r.signature.split(' ').includes(`v1,${expected}`);
}
