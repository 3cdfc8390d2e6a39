import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
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

/**
 * Writes `head`, then `trickle` one byte every `everyMs`, and gives up after 8 s; resolves with what
 * came back and who closed the connection: the server (its deadline), or the client giving up.
 */
function slowClient(head: string, trickle: string, everyMs: number) {
  return new Promise<{ answer: string; closedBy: 'server' | 'client' }>((resolve) => {
    let gaveUp = false;
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
      resolve({ answer, closedBy: gaveUp ? 'client' : 'server' });
    });
    socket.write(head);
    setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, 8000);
  });
}

describe('slow clients', () => {
  it('answers a body trickled in byte by byte with 408 and closes, within the body deadline', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' });
    // 11 s of trickling: only the server's deadline (1 s here) ends it before the client gives up.
    const { answer, closedBy } = await slowClient(
      `POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      400,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(closedBy).toBe('server');
  });

  it('closes a connection whose headers trickle in', async () => {
    // The headers never end: only the server's deadline closes the connection.
    const { answer, closedBy } = await slowClient(
      'GET /api/health HTTP/1.1\r\n',
      'X-Slow: aaaaaaaaaaaaaaaaaaaa',
      300,
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    expect(closedBy).toBe('server');
  });
});

/** Connects from `from` (another loopback address stands for another client); true once open. */
function connectFrom(p: number, from: string) {
  return new Promise<{ socket: net.Socket; served: Promise<boolean> }>((resolve) => {
    const socket = net.connect({ port: p, host: '127.0.0.1', localAddress: from }, () =>
      resolve({ socket, served }),
    );
    const served = new Promise<boolean>((done) => {
      socket.on('data', () => done(true));
      socket.on('close', () => done(false));
      socket.on('error', () => done(false));
    });
  });
}

const connectionsOf = (s: http.Server) =>
  new Promise<number>((resolve, reject) => s.getConnections((err, n) => (err ? reject(err) : resolve(n))));

describe('many connections from one client', () => {
  let capped: http.Server;
  let cappedPort: number;
  /** By the client's address and port: the server's end of each connection closed (after the cap counted it). */
  const closedOnServer = new Map<string, Promise<void>>();
  const key = (address: string | undefined, port: number | undefined) => `${address}:${port}`;
  beforeAll(async () => {
    const app = createApp({ db: t.db, config: t.config, log: createLogger('silent') });
    capped = createHttpServer(app.callback(), { maxConnections: 20, maxConnectionsPerAddress: 3 });
    capped.on('connection', (socket: net.Socket) =>
      closedOnServer.set(
        key(socket.remoteAddress, socket.remotePort),
        new Promise((r) => socket.once('close', () => r())),
      ),
    );
    await new Promise<void>((resolve) => capped.listen(0, '127.0.0.1', resolve));
    cappedPort = (capped.address() as AddressInfo).port;
  });
  afterAll(async () => {
    capped.closeAllConnections();
    await new Promise((r) => capped.close(r));
  });

  it('closes a client’s connections beyond its share, while another client is served', async () => {
    const held = await Promise.all(Array.from({ length: 3 }, () => connectFrom(cappedPort, '127.0.0.1')));
    const extra = await connectFrom(cappedPort, '127.0.0.1');
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await extra.served).toBe(false);
    const other = await connectFrom(cappedPort, '127.0.0.2');
    other.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await other.served).toBe(true);
    // A connection given back makes room again, once the server has seen it close.
    const gone = closedOnServer.get(key(held[0]!.socket.localAddress, held[0]!.socket.localPort));
    expect(gone).toBeDefined();
    held[0]!.socket.destroy();
    await gone;
    const again = await connectFrom(cappedPort, '127.0.0.1');
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await again.served).toBe(true);
    for (const c of [...held, other, again]) c.socket.destroy();
  });

  it('caps one address at 256 by default, and not at all behind a trusted proxy', () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '64' }).maxConnectionsPerAddress).toBe(64);
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
    // The server holds all four (what the check counts) before the next one comes.
    await expect.poll(() => connectionsOf(server), { timeout: 10_000 }).toBe(4);
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
