import type { components } from '@lead-desk/contract';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertAuditEntry } from '../../audit/audit.repo.ts';
import type { AuditSource } from '../../audit/audit.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { kindBySlug } from '../../leads/lead-kinds.ts';
import { requeue } from '../../mail/queue.repo.ts';
import { deliveryHealth, findMessage, findSummary, leadHistoryRows } from './desk-mail.repo.ts';

type S = components['schemas'];
type Event = S['LeadEvent'];

const event = (at: Date, type: Event['type'], more: Partial<Event> = {}): Event & { ts: number } => ({
  at: at.toISOString(),
  type,
  messageId: null,
  template: null,
  actor: null,
  detail: null,
  ...more,
  ts: at.getTime(),
});

/** What the desk shows of the follow-up: a lead's history, its emails, the delivery card. */
export function createDeskMailService(db: Db, emailConfigured: boolean) {
  return {
    /**
     * Received and each email queued come from the rows themselves (the insert path writes
     * nothing more, see the create-mail-outbox migration); every later step is a recorded event.
     */
    async history(kindSlug: S['LeadKind'], id: number): Promise<S['LeadHistory']> {
      const kind = kindBySlug(kindSlug)!;
      const rows = await leadHistoryRows(db, kind, id);
      if (!rows) throw notFound(`There is no ${kind.noun} ${id}.`);
      const events = [
        ...(kindSlug === 'newsletter' ? [] : [event(rows.createdAt, 'received')]),
        ...rows.messages.map((m) =>
          event(m.created_at, 'queued', { messageId: m.id, template: m.template, detail: m.subject }),
        ),
        ...rows.events.map((e) =>
          event(e.created_at, e.type, {
            messageId: e.message_id,
            template: e.template,
            actor: e.actor,
            detail: e.detail.text ?? null,
          }),
        ),
      ];
      // Stable: an event recorded in the same instant as its message's queueing stays after it.
      events.sort((a, b) => a.ts - b.ts);
      return {
        kind: kindSlug,
        id,
        events: events.map(({ ts: _ts, ...e }) => e),
        messages: rows.messages.map((m) => ({
          id: m.id,
          template: m.template,
          revision: m.revision,
          status: m.status,
          recipients: m.recipients,
          subject: m.subject,
          attempts: m.attempts,
          lastError: m.last_error,
          createdAt: m.created_at.toISOString(),
          sentAt: m.sent_at ? m.sent_at.toISOString() : null,
          canResend: (m.status === 'failed' || m.status === 'held') && !m.erased,
        })),
      };
    },

    async message(id: number): Promise<S['MailMessage']> {
      const m = await findMessage(db, id);
      if (!m) throw notFound(`There is no email ${id}.`);
      return m;
    },

    async resend(id: number, actor: string, source: AuditSource): Promise<S['MailMessageSummary']> {
      const done = await inTransaction(db, async (client) => {
        const queued = await requeue(client, id, actor);
        if (queued)
          await insertAuditEntry(client, source, {
            action: 'mail.resent',
            target: { type: 'mail-message', id },
          });
        return queued;
      });
      const m = await findSummary(db, id);
      if (!m) throw notFound(`There is no email ${id}.`);
      if (!done) {
        throw new HttpError(
          409,
          'Conflict',
          `Email ${id} is ${m.status}; only a failed or held email can be sent again.`,
        );
      }
      return m;
    },

    async health(): Promise<S['DeliveryHealth']> {
      return { ...(await deliveryHealth(db)), emailConfigured };
    },
  };
}

export type DeskMailService = ReturnType<typeof createDeskMailService>;
