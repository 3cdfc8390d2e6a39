// A local webhook receiver for the benchmarks: verifies every signature with standardwebhooks, as a
// customer's receiver would, and fails a share of requests at random.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { schemas } from '@lead-desk/contract/values';
import { Webhook } from 'standardwebhooks';

export interface BenchReceiver {
  url: string;
  /** Set once the endpoint's secret is known. */
  secret: string;
  requests: number;
  failedOnPurpose: number;
  badSignatures: number;
  /** Each event's first arrival (Date.now()), by webhook-id. */
  firstSeen: Map<string, number>;
  /** Events answered 2xx at least once, by webhook-id. */
  delivered: Set<string>;
  /** The lead id of each event, by webhook-id (from `data.lead.id`). */
  leadOf: Map<string, number>;
  close(): Promise<void>;
}

export async function startBenchReceiver(failShare: number): Promise<BenchReceiver> {
  let webhook: Webhook | undefined;
  const r: BenchReceiver = {
    url: '',
    secret: '',
    requests: 0,
    failedOnPurpose: 0,
    badSignatures: 0,
    firstSeen: new Map(),
    delivered: new Set(),
    leadOf: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      r.requests += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id']);
      if (!r.firstSeen.has(id)) r.firstSeen.set(id, now);
      webhook ??= new Webhook(r.secret);
      let payload: { data?: { lead?: { id?: number } } };
      try {
        payload = webhook.verify(body, req.headers as Record<string, string>) as typeof payload;
      } catch {
        r.badSignatures += 1;
        res.writeHead(401).end('bad signature');
        return;
      }
      if (payload.data?.lead?.id !== undefined) r.leadOf.set(id, payload.data.lead.id);
      if (Math.random() < failShare) {
        r.failedOnPurpose += 1;
        res.writeHead(500).end('failing on purpose');
        return;
      }
      r.delivered.add(id);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return r;
}

/** Signs in to the desk and subscribes the receiver to every event; the receiver learns the secret. */
export async function subscribe(apiUrl: string, password: string, receiver: BenchReceiver): Promise<void> {
  const login = await fetch(`${apiUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apiUrl },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${apiUrl}/api/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: apiUrl, cookie },
    body: JSON.stringify({
      url: receiver.url,
      description: 'benchmark receiver',
      // Every event the contract lists, as a team that wants all of them would subscribe.
      events: schemas.WebhookEvent.enum,
    }),
  });
  if (res.status !== 201) throw new Error(`creating the endpoint failed: ${res.status} ${await res.text()}`);
  receiver.secret = ((await res.json()) as { secret: string }).secret;
}
