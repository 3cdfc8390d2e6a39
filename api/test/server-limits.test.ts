import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createHttpServer } from '../src/http/http-server.ts';
import { createLogger } from '../src/http/logger.ts';
import { startTestApp, type TestApp } from './harness.ts';

// Slow and numerous clients against the server as `npm start` runs it (docs/operations.md#timeouts).

let t: TestApp;
let server: http.Server;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  const app = createApp({
    db: t.db,
    config: { ...t.config, bodyTimeoutMs: 1000 },
    log: createLogger('silent'),
  });
  server = createHttpServer(app.callback(), { maxConnections: 4, headersTimeoutMs: 1000, checkEveryMs: 200 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

/** Writes `head`, then `trickle` one byte every `everyMs`; resolves with what came back and when. */
function slowClient(head: string, trickle: string, everyMs: number) {
  return new Promise<{ answer: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]!);
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    socket.write(head);
    setTimeout(() => socket.destroy(), 8000);
  });
}

describe('slow clients', () => {
  it('answers a body trickled in byte by byte with 408 and closes, within the body deadline', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' });
    const { answer, ms } = await slowClient(
      `POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      400,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(ms).toBeLessThan(3000);
  });

  it('closes a connection whose headers trickle in', async () => {
    const { answer, ms } = await slowClient(
      'GET /api/health HTTP/1.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaa',
      300,
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(3000);
  });
});

describe('many connections', () => {
  it('holds no more than its maximum at once: the next is closed at once', async () => {
    const open = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const closed = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.on('error', () => resolve(true));
      s.on('close', () => resolve(true));
      s.on('connect', () => s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'));
      s.on('data', () => resolve(false));
      setTimeout(() => resolve(false), 2000);
    });
    expect(closed).toBe(true);
    for (const s of open) s.destroy();
  });
});
