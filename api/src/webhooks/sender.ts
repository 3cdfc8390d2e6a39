import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** What one POST to a receiver came to (docs/product.md#webhooks). */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body, at most EXCERPT_BYTES of it, as text. */
  excerpt: string;
  /** Why it failed when the status does not say (no answer, refused, redirect); null otherwise. */
  error: string | null;
}

export const TIMEOUT_MS = 10_000;
export const EXCERPT_BYTES = 1024;

export interface SenderOptions {
  /** Development and tests only (WEBHOOK_ALLOW_PRIVATE): loopback and private addresses allowed. */
  allowPrivate: boolean;
  userAgent: string;
  timeoutMs?: number;
}

/** The agent's refusal, in words for the delivery log. */
function refusal(message: string): string | null {
  const m = /DNS lookup (\S+?)\(family:\w*, host:([^)]*)\) is not allowed/.exec(message);
  if (!m) return null;
  const [, address, host] = m;
  const target = host && host !== 'undefined' && host !== address ? `${host} (${address})` : address;
  return `Refused: ${target} is a loopback, private, link-local or reserved address; webhooks only reach public addresses.`;
}

function describe(err: Error & { code?: string }, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s.`;
  const refused = refusal(err.message);
  if (refused) return refused;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'Connection refused.';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved.';
    case 'ECONNRESET':
      return 'The connection was closed before an answer came.';
    default:
      return err.code ? `${err.code}: ${err.message}` : err.message;
  }
}

/** Bytes as text for the log: invalid UTF-8 replaced, NUL (which PostgreSQL text refuses) removed. */
const excerptText = (bytes: Buffer) => new TextDecoder().decode(bytes).replaceAll('\u0000', '');

/**
 * POSTs one delivery. Every connection goes through request-filtering-agent, which checks the
 * address actually connected to, after DNS, so a name resolving to 127.0.0.1 or 169.254.169.254 is
 * refused like the address itself (docs/webhooks.md#security). Redirects are not followed (Node's
 * http never does): a 3xx is a failure with its status kept. The whole attempt, from connecting to
 * the end of the excerpt, has `timeoutMs`; a status that arrived in time counts even if the rest
 * of the body does not. IPv6 forms that embed an IPv4 address are refused (docs/webhooks.md#security).
 */
export function createSender(opts: SenderOptions) {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const filtering = {
    allowPrivateIPAddress: opts.allowPrivate,
    // ipaddr.js calls IPv4-compatible IPv6 (`::7f00:1` is 127.0.0.1) unicast; the other forms that
    // embed an IPv4 address (mapped, NAT64, 6to4, Teredo) it already names, and they are refused.
    denyIPAddressList: opts.allowPrivate ? [] : ['::/96'],
    keepAlive: true,
    maxSockets: 64,
  };
  const agents = {
    http: new RequestFilteringHttpAgent(filtering),
    https: new RequestFilteringHttpsAgent(filtering),
  };

  function post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    let started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let statusCode: number | null = null;
      let redirect: string | null = null;
      const chunks: Buffer[] = [];
      let received = 0;
      let done = false;
      let timedOut = false;
      const finish = (error: string | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const excerpt = excerptText(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES));
        resolve({ statusCode, durationMs: elapsed(), excerpt, error: error ?? redirect });
      };
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const req = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': opts.userAgent,
        },
      });
      let timer: NodeJS.Timeout | undefined;
      // The clock starts when the request has a connection (it may wait for one of the agent's).
      req.once('socket', () => {
        started = performance.now();
        timer = setTimeout(() => {
          timedOut = true;
          if (statusCode !== null) finish(null);
          req.destroy(new Error('timeout'));
        }, timeoutMs);
      });
      req.on('response', (res) => {
        statusCode = res.statusCode ?? null;
        if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
          // The receiver chooses the Location: only its start is kept.
          const location = res.headers.location?.slice(0, 300);
          redirect = `Redirect${location ? ` to ${location}` : ''} not followed; answer 2xx at the configured URL.`;
        }
        res.on('data', (chunk: Buffer) => {
          if (received < EXCERPT_BYTES) chunks.push(chunk);
          received += chunk.length;
          // Enough read: the rest is not wanted, and this connection is not reused.
          if (received >= EXCERPT_BYTES) {
            finish(null);
            res.destroy();
          }
        });
        res.on('end', () => finish(null));
        res.on('error', () => finish(null));
      });
      req.on('error', (err) => finish(describe(err, timedOut, timeoutMs)));
      req.end(body);
    });
  }

  return {
    post,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
