import http from 'node:http';

export interface ServerLimits {
  /** Connections held at once; Node closes any beyond at once. */
  maxConnections: number;
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
  return server;
}
