// An open-loop load at a fixed, evenly spaced rate: request i leaves at start + i / rate whether or
// not the earlier ones have answered, and its latency counts from that scheduled moment, so any
// wait (for a socket, for this process's event loop, for the server) is in the figure. A client
// that waits for each answer before sending the next (autocannon, even with a rate) would send
// less while the server is slow and hide exactly the waits a visitor feels.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SteadyRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface SteadyAnswer {
  /** When the request was scheduled to leave (Date.now() time). */
  scheduledAt: number;
  /** From the scheduled moment to the answer's last byte, in ms; NaN when no answer came. */
  latencyMs: number;
  /** The HTTP status, or 0 for a connection error or a timeout. */
  status: number;
  body: string;
}

/**
 * Sends `rate` requests a second for `seconds` to `baseUrl`, request i made by `requestOf(i)`, over
 * kept-alive connections (as many as the requests in flight need), and waits for every answer.
 */
export async function steadyLoad(
  baseUrl: string,
  { rate, seconds, requestOf }: { rate: number; seconds: number; requestOf: (i: number) => SteadyRequest },
): Promise<SteadyAnswer[]> {
  const agent = new http.Agent({ keepAlive: true });
  const url = new URL(baseUrl);
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const sent: Promise<SteadyAnswer>[] = [];
  try {
    for (let i = 0; i < total; i++) {
      const at = start + i * interval;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(send(agent, url, at, requestOf(i)));
    }
    return await Promise.all(sent);
  } finally {
    agent.destroy();
  }
}

function send(agent: http.Agent, url: URL, at: number, req: SteadyRequest): Promise<SteadyAnswer> {
  const scheduledAt = performance.timeOrigin + at;
  return new Promise((resolve) => {
    const done = (status: number, body: string) =>
      resolve({
        scheduledAt,
        latencyMs: status === 0 ? NaN : performance.now() - at,
        status,
        body,
      });
    const r = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: req.path,
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => done(0, ''));
      },
    );
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', () => done(0, ''));
    r.end(req.body);
  });
}
