import type { components } from '@lead-desk/contract';
import type { Db } from '../../db/pool.ts';
import type { LeadKind } from '../../leads/lead-kinds.ts';

type S = components['schemas'];

const iso = (d: Date) => d.toISOString();
const SUMMARY = `id, template, revision, status, coalesce(recipients, '{}') AS recipients, subject, attempts,
                 last_error, created_at, sent_at, erased_at IS NOT NULL AS erased`;

type SummaryRow = {
  id: number;
  template: S['MailTemplate'];
  revision: number;
  status: S['MailStatus'];
  recipients: string[];
  subject: string | null;
  attempts: number;
  last_error: string | null;
  /** Its lead was erased (docs/product.md#erasure): never sent again. */
  erased: boolean;
  created_at: Date;
  sent_at: Date | null;
};

/** A message row as the API's MailMessageSummary (the one place it becomes one). */
export const toSummary = (r: SummaryRow): S['MailMessageSummary'] => ({
  id: r.id,
  template: r.template,
  revision: r.revision,
  status: r.status,
  recipients: r.recipients,
  subject: r.subject,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: iso(r.created_at),
  sentAt: r.sent_at ? iso(r.sent_at) : null,
  canResend: (r.status === 'failed' || r.status === 'held') && !r.erased,
});

/** The lead's creation time, its messages and its recorded events; undefined when there is no such lead. */
export async function leadHistoryRows(db: Db, kind: LeadKind<unknown>, id: number) {
  const [lead, messages, events] = await Promise.all([
    db.query<{ created_at: Date }>(`SELECT created_at FROM ${kind.table} WHERE id = $1`, [id]),
    db.query<SummaryRow>(
      `SELECT ${SUMMARY} FROM mail_messages WHERE lead_kind = $1 AND lead_id = $2 ORDER BY created_at, id`,
      [kind.slug, id],
    ),
    db.query<{
      type: S['LeadEventType'];
      message_id: number | null;
      template: S['MailTemplate'] | null;
      actor: string | null;
      detail: { text?: string };
      created_at: Date;
    }>(
      `SELECT e.type, e.message_id, m.template, e.actor, e.detail, e.created_at
         FROM lead_events e LEFT JOIN mail_messages m ON m.id = e.message_id
        WHERE e.lead_kind = $1 AND e.lead_id = $2 ORDER BY e.created_at, e.id`,
      [kind.slug, id],
    ),
  ]);
  if (!lead.rows[0]) return undefined;
  return { createdAt: lead.rows[0].created_at, messages: messages.rows, events: events.rows };
}

export async function findMessage(db: Db, id: number): Promise<S['MailMessage'] | undefined> {
  const { rows } = await db.query<
    SummaryRow & {
      lead_kind: S['LeadKind'];
      lead_id: number;
      sender: string | null;
      html: string | null;
      body_text: string | null;
      calendar: string | null;
      smtp_response: string | null;
    }
  >(
    `SELECT ${SUMMARY}, lead_kind, lead_id, sender, html, body_text, calendar, smtp_response
       FROM mail_messages WHERE id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...toSummary(r),
    leadKind: r.lead_kind,
    leadId: r.lead_id,
    sender: r.sender,
    html: r.html,
    text: r.body_text,
    calendar: r.calendar,
    smtpResponse: r.smtp_response,
  };
}

export async function findSummary(db: Db, id: number): Promise<S['MailMessageSummary'] | undefined> {
  const { rows } = await db.query<SummaryRow>(`SELECT ${SUMMARY} FROM mail_messages WHERE id = $1`, [id]);
  return rows[0] && toSummary(rows[0]);
}

/** The delivery card: unsent messages by state (the outbox's partial index) and the latest error. */
export async function deliveryHealth(db: Db) {
  const [counts, last] = await Promise.all([
    db.query<{ queued: number; retrying: number; failed: number; held: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
              count(*) FILTER (WHERE status IN ('queued', 'sending') AND last_error IS NOT NULL)::int AS retrying,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status = 'held')::int AS held
         FROM mail_messages WHERE status <> 'sent'`,
    ),
    db.query<{
      updated_at: Date;
      id: number;
      template: S['MailTemplate'];
      lead_kind: S['LeadKind'];
      lead_id: number;
      last_error: string;
    }>(
      `SELECT updated_at, id, template, lead_kind, lead_id, last_error FROM mail_messages
        WHERE status IN ('queued', 'sending', 'failed') AND last_error IS NOT NULL
        ORDER BY updated_at DESC LIMIT 1`,
    ),
  ]);
  const l = last.rows[0];
  return {
    ...counts.rows[0]!,
    lastError: l
      ? {
          at: iso(l.updated_at),
          messageId: l.id,
          template: l.template,
          leadKind: l.lead_kind,
          leadId: l.lead_id,
          error: l.last_error,
        }
      : null,
  };
}
