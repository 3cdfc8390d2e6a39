import type { Task } from 'graphile-worker';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { createBatcher } from '../db/batcher.ts';
import type { WorkerMetrics } from '../metrics/metrics.ts';
import { LINK_KEY } from '../newsletter/tokens.ts';
import type { Secrets } from '../secrets/secrets.ts';
import { compose, messageIdOf } from './compose.ts';
import {
  claim,
  leadsOf,
  record,
  type ClaimedRow,
  type Outcome,
  type Recorded,
  type Rendering,
} from './mail.repo.ts';
import { renderParts } from './render.ts';
import { send, type SendOutcome } from './transport.ts';

export interface SendMailDeps {
  db: Db;
  config: Config;
  log: Logger;
  metrics: WorkerMetrics | undefined;
  secrets: Secrets;
  /** null when SMTP_URL is unset: every message is rendered and held. */
  transport: Transporter | null;
  /** How long a claimed message stays this worker's; longer than any SMTP timeout (transport.ts). */
  leaseSeconds: number;
}

export const NOT_CONFIGURED = 'held: email is not configured (SMTP_URL is not set)';

const held = (reason: string): Outcome => ({
  status: 'held',
  event: 'held',
  detail: reason,
  error: reason,
  smtpResponse: null,
});
const failed = (reason: string): Outcome => ({
  status: 'failed',
  event: 'failed',
  detail: reason,
  error: reason,
  smtpResponse: null,
});

function outcomeOf(sent: SendOutcome, r: Rendering, final: boolean, attempts: number): Outcome {
  if (sent.kind === 'sent') {
    const rejected = sent.rejected.length ? ` (refused: ${sent.rejected.join(', ')})` : '';
    const detail = `to ${r.recipients.join(', ')}${rejected}`;
    return { status: 'sent', event: 'sent', detail, error: null, smtpResponse: sent.response };
  }
  if (sent.kind === 'temporary' && !final) {
    return {
      status: 'queued',
      event: 'retrying',
      detail: sent.reason,
      error: sent.reason,
      smtpResponse: null,
    };
  }
  return failed(sent.kind === 'temporary' ? `gave up after ${attempts} tries: ${sent.reason}` : sent.reason);
}

const stored = (row: ClaimedRow): Rendering | null =>
  row.html !== null && row.recipients !== null
    ? {
        sender: row.sender!,
        recipients: row.recipients,
        subject: row.subject!,
        html: row.html,
        text: row.body_text ?? '',
        calendar: row.calendar,
        headers: row.headers ?? {},
      }
    : null;

/**
 * The graphile-worker task `send_mail`, a batch job (payload [{ id }, ...], made by the dispatcher,
 * queue.repo.ts): claim the outbox rows, render each once, send them side by side, record each
 * outcome as soon as it is known. Each item's promise settles with its outcome: graphile-worker
 * retries only the items that failed for a while, with its backoff; on the job's last attempt
 * they are recorded as failed instead (docs/operations.md#email).
 */
export function sendMailTask(d: SendMailDeps): Task {
  // Outcomes from all running jobs share statements (see db/batcher.ts), so recording a message
  // costs a fraction of a round trip and happens within milliseconds of the server's answer.
  const recordOne = createBatcher((items: Recorded[]) => record(d.db, items), {
    maxInFlight: 2,
    maxBatch: 200,
    isolate: () => true,
  });

  async function renderingOf(
    row: ClaimedRow,
    lead: unknown,
    key: Buffer,
  ): Promise<Rendering | { held: string }> {
    const composed = compose(row, lead, d.config, key);
    if (!composed.ok) return { held: composed.held };
    const m = composed.message;
    const parts = await renderParts(m.view);
    const headers = { ...m.headers, ...(m.replyTo ? { 'Reply-To': m.replyTo } : {}) };
    return {
      sender: m.from,
      recipients: m.to,
      subject: m.subject,
      ...parts,
      calendar: m.calendar?.content ?? null,
      headers,
    };
  }

  /** One message's try; resolves when it need not be retried, rejects when it must. */
  async function attempt(row: ClaimedRow, lead: unknown, final: boolean, key: Buffer): Promise<void> {
    const finish = async (outcome: Outcome, rendering: Rendering | null) => {
      const mine = await recordOne({ row, outcome, rendering });
      if (!mine) d.log.warn({ messageId: row.id }, 'an outbox row was taken over while being sent');
      d.metrics?.emails.inc({
        outcome: outcome.status === 'queued' ? 'retried' : outcome.status,
        template: row.template,
      });
    };
    if (lead === undefined)
      return finish(failed(`the ${row.lead_kind} lead ${row.lead_id} no longer exists`), null);
    const r = stored(row) ?? (await renderingOf(row, lead, key));
    if ('held' in r) return finish(held(`held: ${r.held}`), null);
    if (!d.transport) return finish(held(NOT_CONFIGURED), r);
    const sent = await send(d.transport, {
      messageId: messageIdOf(row, r.sender),
      from: r.sender,
      to: r.recipients,
      subject: r.subject,
      html: r.html,
      text: r.text,
      headers: r.headers,
      calendar: r.calendar
        ? { method: r.calendar.includes('METHOD:CANCEL') ? 'CANCEL' : 'REQUEST', content: r.calendar }
        : undefined,
    });
    // Recorded at once: between the server's "250 OK" and this write is the only window in which a
    // crash can make a message go out twice (docs/operations.md#email).
    const outcome = outcomeOf(sent, r, final, row.attempts);
    await finish(outcome, r);
    if (outcome.status === 'queued') throw new Error(`temporary delivery failure: ${outcome.detail}`);
  }

  return async (payload, helpers) => {
    const items = (Array.isArray(payload) ? payload : [payload]) as { id: number }[];
    const rows = await claim(
      d.db,
      items.map((i) => Number(i.id)),
      d.leaseSeconds,
    );
    const final = helpers.job.attempts >= helpers.job.max_attempts;
    const key = await d.secrets.get(LINK_KEY);
    const leads = await leadsOf(d.db, rows);
    const tries = new Map(
      rows.map((row) => [row.id, attempt(row, leads.get(row.lead_kind)!.get(row.lead_id), final, key)]),
    );
    // Ids not claimed are sent, failed, held or another worker's: nothing to retry for them.
    return items.map((i) => tries.get(Number(i.id)) ?? Promise.resolve());
  };
}
