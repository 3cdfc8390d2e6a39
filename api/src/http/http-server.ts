import http from 'node:http';

export interface ServerLimits {
  /** Connections held at once; Node closes any beyond at once. */
  maxConnections: number;
  /** Connections one client address holds at once (0: no cap); more from it are closed at once. */
  maxConnectionsPerAddress?: number;
  /** The request line and headers must arrive within this (slowloris). */
  headersTimeoutMs?: number;
  /** The whole request must arrive within this; the body has its own, shorter deadline (json-body.ts). */
  requestTimeoutMs?: number;
  /** How often Node checks those deadlines; its default (30 s) let a slow client stay twice as long. */
  checkEveryMs?: number;
}

/** The API's HTTP server with its limits on slow and numerous clients (docs/operations.md#timeouts). */
export function createHttpServer(handler: http.RequestListener, limits: ServerLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs ?? 10_000,
      requestTimeout: limits.requestTimeoutMs ?? 30_000,
      connectionsCheckingInterval: limits.checkEveryMs ?? 1000,
      // Longer than nginx's upstream keep-alive, so nginx never reuses a connection being closed.
      keepAliveTimeout: 65_000,
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  const perAddress = limits.maxConnectionsPerAddress ?? 0;
  if (perAddress > 0) {
    // One client must not take every connection and lock everyone else out.
    const held = new Map<string, number>();
    server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      const n = held.get(address) ?? 0;
      if (n >= perAddress) {
        socket.destroy();
        return;
      }
      held.set(address, n + 1);
      socket.once('close', () => {
        const left = (held.get(address) ?? 1) - 1;
        if (left > 0) held.set(address, left);
        else held.delete(address);
      });
    });
  }
  return server;
}
