import { findByIds } from '../leads/find.repo.ts';
import type { Db } from '../db/pool.ts';
import { kindBySlug } from '../leads/lead-kinds.ts';
import type { OutboxRow } from './compose.ts';

/** An outbox row as claimed for sending: its key, and its rendering when an earlier try made one. */
export interface ClaimedRow extends OutboxRow {
  attempts: number;
  sender: string | null;
  recipients: string[] | null;
  subject: string | null;
  html: string | null;
  body_text: string | null;
  calendar: string | null;
  headers: Record<string, string> | null;
}

/**
 * ONLY_BY_ID: the claim and the record find their rows by id, through the primary key. Their status
 * tests are written so the planner cannot use them with the index of unsent messages: while a
 * burst of leads is queued, the table's statistics lag behind (it grew from a few rows to tens of
 * thousands in seconds) and the planner, believing few rows queued, combined that index with the
 * key, reading every queued row's entry for each batch of 20 (25 ms a claim instead of 0.5 ms, the
 * worker's largest cost in bench:api).
 */

/**
 * Takes messages for one try each: queued ones, or 'sending' ones under a lease that ran out (their
 * worker died, docs/operations.md#email). One statement, so two workers never take the same one;
 * ids that are sent, failed, held or another worker's are left out. A message taken over from a
 * dead worker's try gets its 'interrupted' event here, as the sweep (queue.repo.ts `requeueStale`)
 * gives it when it finds the message first: a restarted worker runs the dead one's unlocked job,
 * which may come to the message before the sweep does.
 */
export async function claim(db: Db, ids: number[], leaseSeconds: number): Promise<ClaimedRow[]> {
  const { rows } = await db.query<ClaimedRow>(
    `WITH candidates AS (
       SELECT id, status = 'sending' AS interrupted
         FROM mail_messages
        WHERE id = ANY($1::bigint[])
          -- Written as CASE so the rows are found by id only (see ONLY_BY_ID).
          AND CASE status WHEN 'queued' THEN true WHEN 'sending' THEN lease_until < clock_timestamp() ELSE false END
          FOR UPDATE
     ),
     taken AS (
       UPDATE mail_messages m
          SET status = 'sending', attempts = m.attempts + 1, updated_at = clock_timestamp(),
              lease_until = clock_timestamp() + make_interval(secs => $2)
         FROM candidates c
        WHERE m.id = c.id
       RETURNING m.id, m.lead_kind, m.lead_id, m.template, m.revision, m.params, m.created_at, m.attempts,
                 m.sender, m.recipients, m.subject, m.html, m.body_text, m.calendar, m.headers, c.interrupted
     ),
     events AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
       SELECT lead_kind, lead_id, 'interrupted', id,
              jsonb_build_object('text', 'The worker stopped while sending; sending again')
         FROM taken WHERE interrupted
     )
     SELECT id, lead_kind, lead_id, template, revision, params, created_at, attempts,
            sender, recipients, subject, html, body_text, calendar, headers
       FROM taken`,
    [ids, leaseSeconds],
  );
  return rows;
}

export interface Rendering {
  sender: string;
  recipients: string[];
  subject: string;
  html: string;
  text: string;
  calendar: string | null;
  headers: Record<string, string>;
}

export interface Outcome {
  status: 'sent' | 'queued' | 'failed' | 'held';
  /** The history event it adds (sent, retrying, failed, held) and what to show after its label. */
  event: 'sent' | 'retrying' | 'failed' | 'held';
  detail: string;
  error: string | null;
  smtpResponse: string | null;
}

export interface Recorded {
  row: { id: number; attempts: number };
  outcome: Outcome;
  rendering: Rendering | null;
}

/**
 * Records tries' outcomes, their renderings (the first time) and a history event each, in one
 * statement, for the messages still those tries' (same attempt, still 'sending'). Answers, in
 * order, whether each was.
 */
export async function record(db: Db, items: Recorded[]): Promise<boolean[]> {
  const col = <T>(f: (i: Recorded) => T) => items.map(f);
  const { rows } = await db.query<{ id: number }>(
    `WITH input AS (
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
         AS t (id, attempts, status, error, smtp_response, event, detail,
               sender, recipients, subject, html, body_text, calendar, headers)
     ),
     m AS (
       UPDATE mail_messages AS m
          SET status = i.status, last_error = coalesce(i.error, m.last_error), smtp_response = i.smtp_response,
              sent_at = CASE WHEN i.status = 'sent' THEN clock_timestamp() END, lease_until = NULL,
              updated_at = clock_timestamp(),
              sender = coalesce(i.sender, m.sender), recipients = coalesce(i.recipients::text[], m.recipients),
              subject = coalesce(i.subject, m.subject), html = coalesce(i.html, m.html),
              body_text = coalesce(i.body_text, m.body_text), calendar = coalesce(i.calendar, m.calendar),
              headers = coalesce(i.headers::jsonb, m.headers)
         FROM input i
        WHERE m.id = i.id AND m.attempts = i.attempts AND (m.status = 'sending') IS TRUE -- by id only (ONLY_BY_ID)
        RETURNING m.id, m.lead_kind, m.lead_id, i.event, i.detail
     ),
     e AS (
       INSERT INTO lead_events (lead_kind, lead_id, type, message_id, detail)
       SELECT lead_kind, lead_id, event, id, jsonb_build_object('text', detail) FROM m
     )
     SELECT id FROM m`,
    [
      col((i) => i.row.id),
      col((i) => i.row.attempts),
      col((i) => i.outcome.status),
      col((i) => i.outcome.error),
      col((i) => i.outcome.smtpResponse),
      col((i) => i.outcome.event),
      col((i) => i.outcome.detail),
      col((i) => i.rendering?.sender ?? null),
      // A text[] per row does not fit a 2-D array of unequal lengths: each travels as its literal.
      col((i) => (i.rendering ? arrayLiteral(i.rendering.recipients) : null)),
      col((i) => i.rendering?.subject ?? null),
      col((i) => i.rendering?.html ?? null),
      col((i) => i.rendering?.text ?? null),
      col((i) => i.rendering?.calendar ?? null),
      col((i) => (i.rendering ? JSON.stringify(i.rendering.headers) : null)),
    ],
  );
  const mine = new Set(rows.map((r) => r.id));
  return items.map((i) => mine.has(i.row.id));
}

/** A PostgreSQL array literal of texts, every element quoted. */
const arrayLiteral = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The leads of these messages, by kind and id, in one query per kind (a lead deleted since is absent). */
export async function leadsOf(
  db: Db,
  rows: { lead_kind: OutboxRow['lead_kind']; lead_id: number }[],
): Promise<Map<string, Map<number, unknown>>> {
  const leads = new Map<string, Map<number, unknown>>();
  for (const kind of new Set(rows.map((r) => r.lead_kind))) {
    const ids = rows.filter((r) => r.lead_kind === kind).map((r) => r.lead_id);
    leads.set(kind, await findByIds(db, kindBySlug(kind)!, ids));
  }
  return leads;
}
