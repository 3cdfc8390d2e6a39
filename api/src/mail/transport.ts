import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** What the SMTP server said, as the worker records it. */
export type SendOutcome =
  | { kind: 'sent'; response: string; rejected: string[] }
  | { kind: 'temporary'; reason: string }
  | { kind: 'permanent'; reason: string };

export interface OutgoingMessage {
  messageId: string;
  from: string;
  to: string[];
  replyTo?: string | undefined;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | undefined;
}

/**
 * SMTP through nodemailer, with a few pooled connections (a busy queue does not open one per
 * message). Timeouts are short enough that a send always ends well within the worker's lease on
 * the message (see send-mail.ts).
 */
export function createTransport(smtpUrl: string): Transporter {
  // The URL goes inside the options: as createTransport's first argument, the second one would be
  // taken for message defaults and the pool and the timeouts silently ignored.
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 8,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SMTPPool.Options);
}

/**
 * Temporary or permanent (docs/operations.md#email): a 5xx reply refuses the message for good and
 * keeps the server's reason; a 4xx reply, a refused or dropped connection or a timeout is retried.
 * Authentication failures (EAUTH) are retried too although they are 5xx: they are our
 * configuration's fault, not the message's, and fixing SMTP_URL should let the queue drain.
 */
export function classify(err: unknown): SendOutcome {
  const e = err as { responseCode?: number; code?: string; response?: string; message?: string };
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 1000);
  if (e.code !== 'EAUTH' && typeof e.responseCode === 'number' && e.responseCode >= 500) {
    return { kind: 'permanent', reason };
  }
  return { kind: 'temporary', reason: e.code && !reason.includes(e.code) ? `${e.code}: ${reason}` : reason };
}

export async function send(transport: Transporter, m: OutgoingMessage): Promise<SendOutcome> {
  try {
    const info = await transport.sendMail({
      messageId: m.messageId,
      from: m.from,
      to: m.to,
      ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      subject: m.subject,
      html: m.html,
      text: m.text,
      headers: m.headers,
      ...(m.calendar
        ? { icalEvent: { method: m.calendar.method, filename: 'invite.ics', content: m.calendar.content } }
        : {}),
    });
    return {
      kind: 'sent',
      response: String(info.response ?? ''),
      rejected: ((info.rejected ?? []) as (string | { address: string })[]).map((r) =>
        typeof r === 'string' ? r : r.address,
      ),
    };
  } catch (err) {
    return classify(err);
  }
}
