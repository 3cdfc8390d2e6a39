import type { components } from '@lead-desk/contract';
import type { Queryable } from '../../db/pool.ts';
import { ATTRIBUTION_COLUMNS } from '../../leads/lead-kinds.ts';
import { insertEvent } from '../../webhooks/events.repo.ts';

type S = components['schemas'];
export type LeadRef = S['LeadRef'];
export type PersonKind = Exclude<S['LeadKind'], 'newsletter'>;

/** Every value the visitor's browser sent with a lead besides the form (its attribution), emptied. */
const NO_ATTRIBUTION = ATTRIBUTION_COLUMNS.map((c) => `${c} = ''`).join(', ');

/**
 * What erasing empties in each person's lead table (docs/product.md#personal-data): every field
 * the visitor gave or that describes them, every value their browser sent with the lead (landing
 * page, referrer, utm_*), and a demo's invitation. Kind, date, status and assignee stay. Table and
 * column names are constants.
 */
export const ERASABLE: Record<PersonKind, { table: string; set: string }> = {
  contact: {
    table: 'contact_submissions',
    set: `name = '', email = '', phone = '', company = '', service = '', message = '', ${NO_ATTRIBUTION}`,
  },
  demo: {
    table: 'demo_requests',
    set: `name = '', email = '', phone = '', company = '', preferred_date = '', preferred_time = '',
          message = '', invitation_uid = NULL, invitation_sequence = NULL, invitation_starts_at = NULL,
          invitation_time_zone = NULL, invitation_duration_minutes = NULL, invitation_meeting_url = NULL,
          invitation_cancelled = NULL, ${NO_ATTRIBUTION}, updated_at = clock_timestamp()`,
  },
  'get-started': {
    table: 'get_started_requests',
    set: `name = '', email = '', phone = '', company = '', service = '', monthly_volume = '', message = '',
          ${NO_ATTRIBUTION}, updated_at = clock_timestamp()`,
  },
};

export const PERSON_KINDS = Object.keys(ERASABLE) as PersonKind[];

/** The (kind, id) pairs as two arrays, the shape every statement below takes them in. */
export const pairs = (refs: LeadRef[]) => [refs.map((r) => r.kind), refs.map((r) => r.id)];
export const IN_REFS = `(lead_kind, lead_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`;

export interface Erased {
  leads: LeadRef[];
  emails: number;
  webhookDeliveries: number;
  notes: number;
  /** Leads held as suspected spam that went (docs/product.md#spam). */
  suspectedSpam: number;
}

/**
 * The address as a whole word of a text, as a PostgreSQL regular expression: not inside a longer
 * address (`xada@example.org`, `ada@example.org.uk`). Undefined for what is no address a form
 * takes (then only its exact value is looked for).
 */
export function addressPattern(email: string): string | undefined {
  if (!/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9.-]+$/.test(email)) return undefined;
  const local = `a-z0-9.!#$%&'*+/=?^_\`{|}~-`;
  return `(?<![${local}])${email.replace(/[^a-z0-9@]/g, '\\$&')}(?![a-z0-9-]|\\.[a-z0-9])`;
}

/**
 * Whether the lead's attribution (what the browser sent with it: landing page, referrer, utm_*)
 * holds the address ($1) as a word, by the pattern ($2) of addressPattern; `col` names a column
 * (a held lead keeps them in its JSON). Campaign tools put the recipient's address in utm_content
 * or utm_term (docs/product.md#personal-data-find).
 */
export const ATTRIBUTION_HOLDS = (
  col: (c: string) => string = (c) => c,
  { address = '$1', pattern = '$2' }: { address?: string; pattern?: string } = {},
) => {
  const text = `lower(concat_ws(' ', ${ATTRIBUTION_COLUMNS.map(col).join(', ')}))`;
  return `(${pattern}::text IS NOT NULL AND strpos(${text}, ${address}) > 0 AND ${text} ~ ${pattern})`;
};

/**
 * Whether a lead table's row holds the address ($1) in its attribution, through the index of the
 * addresses each lead's attribution holds (migration index-attribution-addresses, the same whole
 * addresses as addressPattern finds): the lead tables hold millions of rows, the held leads few.
 */
const ATTRIBUTION_INDEXED_HOLDS = `lead_attribution_addresses(${ATTRIBUTION_COLUMNS.join(', ')}) @> ARRAY[$1::text]`;

/**
 * Erases these leads and everything about them, in the caller's transaction (docs/product.md#personal-data).
 * The lead rows are locked first, so a concurrent change of one (a status change, a note) either
 * commits before and is erased here, or waits and finds the lead erased. `addresses` are the
 * people's addresses, for what is kept by address rather than by lead (today's acknowledgment
 * count, a refused form post). Emits `person.erased` with the lead ids when there were any.
 */
export async function eraseLeads(
  db: Queryable,
  refs: LeadRef[],
  addresses: string[],
  reason: 'request' | 'retention',
): Promise<Erased> {
  const leads: LeadRef[] = [];
  for (const kind of PERSON_KINDS) {
    const ids = refs.filter((r) => r.kind === kind).map((r) => r.id);
    if (ids.length === 0) continue;
    const { table } = ERASABLE[kind];
    // The day's counters by source (count-leads-by-source migration) then move the lead to
    // 'direct'; their rows under its old source, which may be the person's (a utm_source), go
    // once they add up to nothing.
    const { rows: sources } = await db.query<{ source: string }>(
      `SELECT DISTINCT lead_source(utm_source, referrer) AS source
         FROM ${table} WHERE id = ANY ($1::bigint[]) AND erased_at IS NULL`,
      [ids],
    );
    const { rows } = await db.query<{ id: number }>(
      `UPDATE ${table} SET ${ERASABLE[kind].set}, erased_at = clock_timestamp()
        WHERE id = ANY ($1::bigint[]) AND erased_at IS NULL
        RETURNING id`,
      [ids],
    );
    leads.push(...rows.map((r) => ({ kind, id: r.id })));
    await dropEmptySourceCounts(
      db,
      table,
      sources.map((r) => r.source),
    );
  }
  const subscriberIds = refs.filter((r) => r.kind === 'newsletter').map((r) => r.id);
  if (subscriberIds.length > 0) {
    // The subscription and its consent records go: a later sign-up is a new, freshly consented one.
    const { rows } = await db.query<{ id: number }>(
      `WITH gone AS (DELETE FROM newsletter_subscribers WHERE id = ANY ($1::bigint[]) RETURNING id),
       consents AS (DELETE FROM newsletter_consents WHERE subscriber_id IN (SELECT id FROM gone))
       SELECT id FROM gone`,
      [subscriberIds],
    );
    leads.push(...rows.map((r) => ({ kind: 'newsletter' as const, id: r.id })));
  }
  const held = addresses.length > 0 ? await eraseByAddress(db, addresses) : 0;
  if (leads.length === 0) return { leads, emails: 0, webhookDeliveries: 0, notes: 0, suspectedSpam: held };
  const [kinds, ids] = pairs(leads);

  // Emails: unsent ones are cancelled (the worker records an outcome only for a message still
  // 'sending' under its try, so one in flight now records nothing); every copy of the content
  // goes, including a digest's copies on the other alerts it carried (they hold this lead's lines).
  // Two lookups joined, not one OR, so each uses its index (by lead, by digest).
  const mail = await db.query(
    `WITH mine AS (SELECT id, digest_message_id FROM mail_messages WHERE ${IN_REFS}),
     copies AS (
       SELECT id FROM mine
       UNION SELECT d.id FROM mail_messages d WHERE d.digest_message_id IN (SELECT digest_message_id FROM mine)
     )
     UPDATE mail_messages m
        SET status = CASE WHEN m.status IN ('queued', 'sending', 'held') THEN 'failed' ELSE m.status END,
            last_error = CASE WHEN m.status IN ('queued', 'sending', 'held')
                              THEN 'Cancelled: the person''s data was erased' END,
            recipients = NULL, subject = NULL, html = NULL, body_text = NULL, calendar = NULL, headers = NULL,
            params = '{}', smtp_response = NULL, lease_until = NULL, updated_at = clock_timestamp(),
            erased_at = clock_timestamp()
      WHERE m.id IN (SELECT id FROM copies)`,
    [kinds, ids],
  );
  await db.query(`UPDATE lead_events SET detail = '{}' WHERE ${IN_REFS} AND detail <> '{}'`, [kinds, ids]);

  // Notes lose their text through the notes table's one exception for erasure (see the
  // add-personal-data-erasure migration); SET LOCAL ends with this transaction.
  await db.query(`SET LOCAL lead_desk.erasure = 'on'`);
  const notes = await db.query(
    `UPDATE lead_notes SET body = NULL, erased_at = clock_timestamp() WHERE ${IN_REFS} AND body IS NOT NULL`,
    [kinds, ids],
  );

  // Their booked demos free their hosts' time (docs/demo-slots.md#bookings-and-erasure).
  await db.query(
    `UPDATE demo_bookings SET status = 'cancelled', cancelled_by = 'erasure', cancelled_at = clock_timestamp(),
            updated_at = clock_timestamp()
      WHERE lead_id = ANY ($1::bigint[]) AND status IN ('pending', 'confirmed')`,
    [leads.filter((l) => l.kind === 'demo').map((l) => l.id)],
  );

  // Webhooks: the events about these leads lose their data, deliveries not made yet are cancelled
  // (an attempt in flight records nothing for a delivery no longer pending), the attempts' excerpts go.
  // Three statements, each seeing what the one before waited for: taking an event's outbox row
  // waits for a relay writing that event's deliveries at that moment, and updating the deliveries
  // waits for an attempt being recorded; only a later statement's snapshot sees those rows.
  const events = await db.query<{ events: string[] }>(
    `WITH events AS (
       UPDATE webhook_events SET data = NULL, lead_row = NULL, erased_at = clock_timestamp()
        WHERE ${IN_REFS} AND erased_at IS NULL
       RETURNING id
     ),
     outbox AS (DELETE FROM webhook_outbox WHERE event_id IN (SELECT id FROM events))
     SELECT coalesce(array_agg(id), '{}') AS events FROM events`,
    [kinds, ids],
  );
  const hooks = await db.query<{ deliveries: number[] }>(
    `WITH deliveries AS (
       UPDATE webhook_deliveries SET status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
              next_attempt_at = NULL, updated_at = clock_timestamp()
        WHERE event_id = ANY ($1::uuid[])
       RETURNING id
     )
     SELECT coalesce(array_agg(id), '{}') AS deliveries FROM deliveries`,
    [events.rows[0]!.events],
  );
  const deliveries = hooks.rows[0]!.deliveries;
  await db.query(
    `UPDATE webhook_attempts SET response_excerpt = '', error = NULL
      WHERE delivery_id = ANY ($1::bigint[]) AND (response_excerpt <> '' OR error IS NOT NULL)`,
    [deliveries],
  );

  await insertEvent(db, { type: 'person.erased', leadKind: null, leadId: null, data: { leads, reason } });
  return {
    leads,
    emails: mail.rowCount ?? 0,
    webhookDeliveries: deliveries.length,
    notes: notes.rowCount ?? 0,
    suspectedSpam: held,
  };
}

/** Counter rows of these sources in this table, on each day where they add up to nothing. */
async function dropEmptySourceCounts(db: Queryable, table: string, sources: string[]) {
  if (sources.length === 0) return;
  // The rows are locked first and summed as locked: a lead counted meanwhile either updated one
  // of them before (its count is in the sum) or writes a row this statement does not delete.
  await db.query(
    `WITH locked AS (
       SELECT day, source, slot, n FROM lead_daily_counts
        WHERE lead_table = $1 AND source = ANY ($2::text[]) AND source <> 'direct'
        FOR UPDATE
     ),
     empty AS (SELECT day, source FROM locked GROUP BY day, source HAVING sum(n) = 0)
     DELETE FROM lead_daily_counts d USING locked l, empty e
      WHERE d.lead_table = $1 AND (d.day, d.source, d.slot) = (l.day, l.source, l.slot)
        AND (l.day, l.source) = (e.day, e.source)`,
    [table, sources],
  );
}

/**
 * What is kept by address rather than by lead (docs/product.md#personal-data): today's
 * acknowledgment count, leads held as suspected spam and API clients' idempotency keys that hold
 * the address. Answers how many held leads went.
 */
async function eraseByAddress(db: Queryable, addresses: string[]): Promise<number> {
  await db.query(`DELETE FROM acknowledgment_counts WHERE recipient = ANY ($1::text[])`, [addresses]);
  // Leads held as suspected spam (docs/product.md#spam) keep their fields as JSON, the address as
  // the lead would have stored it. All the addresses in one statement: retention erases hundreds
  // of people a batch, and a round trip for each cost more than the rest of the batch.
  const spam = await db.query(
    `DELETE FROM suspected_spam
      USING unnest($1::text[], $2::text[]) AS a(address, pattern)
      WHERE fields ->> 'email' = a.address
         OR ${ATTRIBUTION_HOLDS((c) => `fields ->> '${c}'`, { address: 'a.address', pattern: 'a.pattern' })}`,
    [addresses, addresses.map((a) => addressPattern(a) ?? null)],
  );
  const held = spam.rowCount ?? 0;
  // Idempotency keys, which an API client chooses (kept 24 hours, docs/product.md#leads): the
  // address is looked for in them as written, in any case.
  await db.query(
    `DELETE FROM idempotency_keys k
      WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) a WHERE strpos(lower(k.key), a) > 0)`,
    [addresses],
  );
  return held;
}

/**
 * Every lead of this address (stored lower-cased), by kind: the leads from it, and those whose
 * attribution holds it (docs/product.md#personal-data-find). An erased lead has neither.
 */
export async function leadsOfAddress(db: Queryable, email: string): Promise<LeadRef[]> {
  const { rows } = await db.query<LeadRef>(
    `SELECT 'contact' AS kind, id FROM contact_submissions WHERE email = $1 OR ${ATTRIBUTION_INDEXED_HOLDS}
     UNION ALL SELECT 'demo', id FROM demo_requests WHERE email = $1 OR ${ATTRIBUTION_INDEXED_HOLDS}
     UNION ALL SELECT 'get-started', id FROM get_started_requests WHERE email = $1 OR ${ATTRIBUTION_INDEXED_HOLDS}
     UNION ALL SELECT 'newsletter', id FROM newsletter_subscribers WHERE email = $1
     ORDER BY 1, 2`,
    [email],
  );
  return rows;
}
