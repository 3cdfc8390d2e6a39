import type { components } from '@lead-desk/contract';
import type { Db, Queryable } from '../../db/pool.ts';
import { findByIds } from '../../leads/find.repo.ts';
import {
  contactKind,
  demoKind,
  getStartedKind,
  kindBySlug,
  newsletterKind,
  type LeadKind,
} from '../../leads/lead-kinds.ts';
import { deliveryPayload } from '../../webhooks/deliver.ts';
import { auditEntriesAbout } from '../../audit/audit.repo.ts';
import { listNotes } from '../notes/notes.repo.ts';
import { addressPattern, ATTRIBUTION_HOLDS, IN_REFS, pairs, type LeadRef } from './erasure.repo.ts';

type S = components['schemas'];
type PersonalData = S['PersonalData'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A lead's address, by kind and id, also of one held as suspected spam; '' when it is erased,
 * undefined when there is no such lead.
 */
export async function addressOfLead(db: Queryable, ref: LeadRef): Promise<string | undefined> {
  const kind = kindBySlug(ref.kind)!;
  const { rows } = await db.query<{ email: string }>(
    `SELECT email FROM ${kind.table} WHERE id = $1
     UNION ALL SELECT fields ->> 'email' FROM suspected_spam WHERE lead_kind = $2 AND id = $1
     LIMIT 1`,
    [ref.id, ref.kind],
  );
  return rows[0]?.email;
}

/** The held leads (docs/product.md#spam) of an address: from it, or with it in their attribution. */
const HELD_OF_ADDRESS = `SELECT lead_kind, id, created_at, reason, fields FROM suspected_spam
  WHERE fields ->> 'email' = $1 OR ${ATTRIBUTION_HOLDS((c) => `fields ->> '${c}'`)}`;
/** API clients' idempotency keys that hold the address. */
const KEYS_OF_ADDRESS = `SELECT scope, key, created_at FROM idempotency_keys WHERE strpos(lower(key), $1) > 0`;

/** Whether anything is kept by this address besides its leads (held leads, keys). */
export async function holdsByAddress(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ held: boolean }>(
    `SELECT EXISTS (${HELD_OF_ADDRESS}) OR EXISTS (${KEYS_OF_ADDRESS}) AS held`,
    [email, addressPattern(email) ?? null],
  );
  return rows[0]!.held;
}

async function keptByAddress(db: Db, email: string | null) {
  if (email === null) return { suspectedSpam: [], idempotencyKeys: [] };
  const [held, keys] = await Promise.all([
    db.query(`${HELD_OF_ADDRESS} ORDER BY created_at, lead_kind, id`, [email, addressPattern(email) ?? null]),
    db.query(`${KEYS_OF_ADDRESS} ORDER BY created_at`, [email]),
  ]);
  return {
    suspectedSpam: held.rows.map((r) => ({
      kind: r.lead_kind,
      id: Number(r.id),
      createdAt: r.created_at.toISOString(),
      reason: r.reason,
      fields: r.fields,
    })),
    idempotencyKeys: keys.rows.map((r) => ({
      // The scope is the operation and the client's address (leads.service.ts); the operation is enough.
      operation: String(r.scope).split(':')[0]!,
      key: r.key,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

async function emailsOf(db: Db, refs: LeadRef[]): Promise<S['PersonalEmail'][]> {
  const { rows } = await db.query(
    `SELECT id, lead_kind, lead_id, template, status, recipients, subject, body_text, created_at, sent_at
       FROM mail_messages WHERE ${IN_REFS} ORDER BY id`,
    pairs(refs),
  );
  return rows.map((r) => ({
    id: r.id,
    lead: { kind: r.lead_kind, id: r.lead_id },
    template: r.template,
    status: r.status,
    recipients: r.recipients ?? [],
    subject: r.subject,
    text: r.body_text,
    createdAt: r.created_at.toISOString(),
    sentAt: iso(r.sent_at),
  }));
}

async function deliveriesOf(db: Db, refs: LeadRef[]): Promise<S['PersonalWebhookDelivery'][]> {
  const { rows } = await db.query(
    `SELECT d.id, d.endpoint_id, e.type, e.lead_kind, e.lead_id, d.status, d.created_at,
            coalesce((SELECT json_agg(json_build_object(
                        'attempt', a.attempt, 'startedAt', a.started_at, 'statusCode', a.status_code,
                        'durationMs', a.duration_ms, 'responseExcerpt', a.response_excerpt, 'error', a.error)
                      ORDER BY a.attempt)
                        FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
       FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE ${IN_REFS.replace('(lead_kind, lead_id)', '(e.lead_kind, e.lead_id)')}
      ORDER BY d.id`,
    pairs(refs),
  );
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      event: r.type,
      lead: { kind: r.lead_kind, id: r.lead_id },
      status: r.status,
      createdAt: r.created_at.toISOString(),
      payload: (await deliveryPayload(db, r.id)) ?? null,
      attempts: (r.attempts as S['WebhookAttempt'][]).map((a) => ({
        ...a,
        startedAt: new Date(a.startedAt).toISOString(),
      })),
    })),
  );
}

async function timelineOf(db: Db, refs: LeadRef[]): Promise<PersonalData['timeline']> {
  const { rows } = await db.query(
    `SELECT id, lead_kind, lead_id, created_at, type, detail FROM lead_events WHERE ${IN_REFS} ORDER BY id`,
    pairs(refs),
  );
  return rows.map((r) => ({
    id: r.id,
    lead: { kind: r.lead_kind, id: r.lead_id },
    at: r.created_at.toISOString(),
    type: r.type,
    detail: r.detail,
  }));
}

async function consentsOf(db: Db, subscriberId: number): Promise<S['PersonalConsent'][]> {
  const { rows } = await db.query(
    `SELECT c.id, c.wording_id, w.text, c.ip, c.requested_at, c.confirmed_at, c.confirmed_ip
       FROM newsletter_consents c JOIN consent_wordings w ON w.id = c.wording_id
      WHERE c.subscriber_id = $1 ORDER BY c.id`,
    [subscriberId],
  );
  return rows.map((r) => ({
    id: r.id,
    wording: r.wording_id,
    wordingText: r.text,
    ip: r.ip,
    requestedAt: r.requested_at.toISOString(),
    confirmedAt: iso(r.confirmed_at),
    confirmedIp: r.confirmed_ip,
  }));
}

/** Everything held about these leads of one person (docs/product.md#personal-data), grouped. */
export async function personalData(db: Db, email: string | null, refs: LeadRef[]): Promise<PersonalData> {
  const ids = (kind: string) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const values = async <T>(kind: LeadKind<T>) => [...(await findByIds(db, kind, ids(kind.slug))).values()];
  const [contact, demo, getStarted, subscribers] = await Promise.all([
    values(contactKind),
    values(demoKind),
    values(getStartedKind),
    findByIds(db, newsletterKind, ids('newsletter')),
  ]);
  const subscriber = [...subscribers.values()][0] ?? null;
  const [emails, webhookDeliveries, timeline, consents, notes, auditEntries, kept] = await Promise.all([
    emailsOf(db, refs),
    deliveriesOf(db, refs),
    timelineOf(db, refs),
    subscriber ? consentsOf(db, subscriber.id) : [],
    Promise.all(
      refs.map(async (lead) =>
        (await listNotes(db, kindBySlug(lead.kind)!, lead.id)).map((note) => ({ lead, note })),
      ),
    ).then((all) => all.flat()),
    auditEntriesAbout(db, refs),
    keptByAddress(db, email),
  ]);
  return {
    email,
    generatedAt: new Date().toISOString(),
    leads: { contact, demo, 'get-started': getStarted },
    newsletter: { subscriber, consents },
    emails,
    demoInvitations: demo.flatMap((d) => (d.invitation ? [{ demoId: d.id, invitation: d.invitation }] : [])),
    webhookDeliveries,
    notes,
    timeline,
    auditEntries,
    ...kept,
  };
}
