import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { loadContract } from '../src/contract/load.ts';
import { compileWebhooks } from '../src/contract/validate.ts';

const payloadValidators = compileWebhooks(loadContract().webhooks);

/** One request a receiver got, checked as a customer's receiver would check it. */
export interface Received {
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Which of the secrets the receiver knows verified the signature (standardwebhooks' verify). */
  verifiedWith: string[];
  /** Why the body breaks the contract's `webhooks` schema for its type; null when it does not. */
  contractError: string | null;
  at: number;
  /** Set once the connection closes: whether the sender hung up before the answer was sent. */
  hungUpFirst?: boolean;
}

type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export interface Receiver {
  url: string;
  port: number;
  /** Secrets a request's signature is verified with (set once the endpoint's secret is known). */
  secrets: string[];
  received: Received[];
  /** How to answer the next request (by its 0-based number, and what came). */
  answer: (n: number, r: Received) => Answer;
  close(): Promise<void>;
}

function verify(secret: string, r: Pick<Received, 'body' | 'webhookId' | 'timestamp' | 'signature'>) {
  try {
    new Webhook(secret).verify(r.body, {
      'webhook-id': r.webhookId,
      'webhook-timestamp': r.timestamp,
      'webhook-signature': r.signature,
    });
    return true;
  } catch {
    return false;
  }
}

function contractError(body: string): string | null {
  let payload: { type?: string };
  try {
    payload = JSON.parse(body) as { type?: string };
  } catch {
    return 'not JSON';
  }
  const validate = payloadValidators.get(String(payload.type));
  if (!validate) return `no webhook ${String(payload.type)} in the contract`;
  return validate(payload) ? null : JSON.stringify(validate.errors);
}

/** A real HTTP receiver on 127.0.0.1 that verifies every signature and payload it gets. */
export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 204 })): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    secrets: [],
    received: [],
    answer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const head = {
        webhookId: String(req.headers['webhook-id'] ?? ''),
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        body,
      };
      const r: Received = {
        ...head,
        payload: JSON.parse(body) as Received['payload'],
        verifiedWith: receiver.secrets.filter((s) => verify(s, head)),
        contractError: contractError(body),
        at: Date.now(),
      };
      res.on('close', () => (r.hungUpFirst = !res.writableEnded));
      const n = receiver.received.length;
      receiver.received.push(r);
      const a = receiver.answer(n, r);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, a.headers).end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(reply, a.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}

/** Every request verified with the receiver's secret and matching the contract. */
export function expectAllValid(receiver: Receiver): void {
  for (const r of receiver.received) {
    expect(r.verifiedWith, `signature of ${r.webhookId} (${r.payload.type})`).not.toEqual([]);
    expect(r.contractError, `payload of ${r.webhookId} (${r.payload.type})`).toBeNull();
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
