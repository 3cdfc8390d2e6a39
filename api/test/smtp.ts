import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface Received {
  /** The envelope's recipients, as the client gave them in RCPT TO. */
  to: string[];
  raw: Buffer;
  mail: ParsedMail;
  at: number;
}

/** What the server answers a message: accept it, or refuse it with an SMTP code and text. */
export type Verdict = 'accept' | { code: number; message: string };

/**
 * A real SMTP server (smtp-server) on a free loopback port: it accepts, refuses (4xx/5xx, decided
 * per message by `verdict`) or holds messages (`hold()`: the DATA phase waits for `release()`). A
 * message counts as received only when the server answered 250 on a connection still open, as a
 * real server would deliver it.
 */
export async function startSmtp() {
  const received: Received[] = [];
  const closed = new Set<string>();
  let verdict: (to: string[], mail: ParsedMail) => Verdict = () => 'accept';
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let holding = 0;
  const held: ParsedMail[] = [];
  let connections = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onClose(session: SMTPServerSession) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = await simpleParser(raw);
        if (gate) {
          holding += 1;
          held.push(mail);
          await gate;
          holding -= 1;
          held.splice(held.indexOf(mail), 1);
        }
        const v = verdict(to, mail);
        if (v !== 'accept') {
          callback(Object.assign(new Error(v.message), { responseCode: v.code }));
          return;
        }
        if (!closed.has(session.id)) received.push({ to, raw, mail, at: Date.now() });
        callback(null, 'Queued as test');
      });
    },
  });
  // A client that dies mid-session (a test kills the API outright) resets its connection; the
  // server reports that as an error event, which is the client's doing and not this test's failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setVerdict(fn: typeof verdict) {
      verdict = fn;
    },
    hold() {
      gate = new Promise<void>((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    /** Connections clients opened so far. */
    connections: () => connections,
    /** Connections closed so far (by either side). */
    closedConnections: () => closed.size,
    /** Messages waiting in a held DATA phase. */
    holding: () => holding,
    /** The messages waiting in a held DATA phase. */
    held: () => [...held],
    /** Waits until `n` messages were received (or `until` holds), failing after `ms`. */
    async waitFor(n: number, ms = 20_000, until: () => boolean = () => received.length >= n) {
      const end = Date.now() + ms;
      while (!until()) {
        if (Date.now() > end) throw new Error(`SMTP: ${received.length} of ${n} messages after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** Polls `check` until it returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
