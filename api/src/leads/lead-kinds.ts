import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';

type S = components['schemas'];

/**
 * Each lead table once: the fields a visitor submits and the columns they go to, how a row becomes
 * the API object (the one place it does), what the desk may change, and the CSV export's columns
 * as SQL (the database writes the export's lines, see csvBatches). Table, column names and SQL here
 * are constants, never client input. Everything else about a kind (its list endpoint, its array
 * field name) is the contract's.
 */
export interface LeadKind<T> {
  table: string;
  /** The kind in the outbox, history, webhooks and their API paths (contract: LeadKind). */
  slug: S['LeadKind'];
  /** The kind in the desk's addresses, as in its list endpoint: its lead page is `/admin/<deskPath>/<id>`. */
  deskPath: 'contacts' | 'demos' | 'get-started' | 'newsletters';
  /** How the desk names one lead in messages ("There is no demo request 7."). */
  noun: string;
  /** Submitted fields in their column order; missing optional fields are stored as ''. */
  inserts: { field: string; column: string }[];
  /** Fields the desk may change, and their columns. */
  updates: Record<string, string>;
  /** Columns the search `q` matches. */
  searchColumns: string[];
  /** Those columns lower-cased in one text, joined by U+001F, for a LIKE its trigram index serves. */
  searchText: string;
  select: string;
  toApi: (row: Record<string, unknown>) => T;
  /** Each CSV column's header and its text as a SQL expression over the row. */
  csv: { header: string; sql: string }[];
}

/** The subscriber's status as the contract labels it (Pending, Active, Inactive), as SQL. */
const statusLabelSql = `CASE status ${Object.entries(schemas.NewsletterStatus['x-enum-labels'])
  .map(([value, label]) => `WHEN '${value}' THEN '${label}'`)
  .join(' ')} END`;

const iso = (v: unknown) => (v as Date).toISOString();
/** created_at as toISOString() writes it (UTC, milliseconds), as the API's createdAt reads. */
const ISO_SQL = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const str = (v: unknown) => v as string;
const same = (...names: string[]) => names.map((n) => ({ field: n, column: n }));
const assigneeOf = (r: Record<string, unknown>) => (r.assignee_id as number | null | undefined) ?? null;
/** The assignee's username in the CSV export, empty for an unassigned lead (docs/product.md#assignment). */
const ASSIGNEE_CSV = {
  header: 'Assignee',
  sql: `coalesce((SELECT u.username FROM admin_users u WHERE u.id = assignee_id), '')`,
};

/** Name, email, date: the first columns of every person's lead, on screen and in CSV. */
const PERSON_CSV = [
  { header: 'Name', sql: 'name' },
  { header: 'Email', sql: 'email' },
  { header: 'Date', sql: ISO_SQL },
];
const PERSON_SEARCH = { searchColumns: ['name', 'email', 'company'], searchText: 'search_text' };

/** Where a lead came from (docs/product.md#attribution): contract field and column, in one list. */
const ATTRIBUTION = [
  { field: 'landingPage', column: 'landing_page', header: 'Landing Page' },
  { field: 'referrer', column: 'referrer', header: 'Referrer' },
  { field: 'utmSource', column: 'utm_source', header: 'UTM Source' },
  { field: 'utmMedium', column: 'utm_medium', header: 'UTM Medium' },
  { field: 'utmCampaign', column: 'utm_campaign', header: 'UTM Campaign' },
  { field: 'utmTerm', column: 'utm_term', header: 'UTM Term' },
  { field: 'utmContent', column: 'utm_content', header: 'UTM Content' },
] as const;
/** The attribution's columns: what the visitor's browser sent with the lead, besides the form's fields. */
export const ATTRIBUTION_COLUMNS = ATTRIBUTION.map((a) => a.column);
const ATTRIBUTION_INSERTS = ATTRIBUTION.map(({ field, column }) => ({ field, column }));
const ATTRIBUTION_SELECT = [...ATTRIBUTION.map((a) => a.column), 'spam_check'].join(', ');
const ATTRIBUTION_CSV = ATTRIBUTION.map(({ header, column }) => ({ header, sql: column }));
/** A row's attribution; a lead.created snapshot kept before the columns existed has none (''). */
const attributionOf = (r: Record<string, unknown>): S['Attribution'] =>
  Object.fromEntries(
    ATTRIBUTION.map(({ field, column }) => [field, (r[column] as string | null) ?? '']),
  ) as S['Attribution'];

/**
 * The spam check's outcome as stored, and whether it leaves the lead verified: a lead taken though
 * its check ran and did not pass (no solution, as from a form posted without JavaScript, or any
 * outcome under monitor) is marked "Not verified" (docs/product.md#spam).
 */
const spamCheckOf = (r: Record<string, unknown>): { spamCheck: S['SpamCheck']; verified: boolean } => {
  const spamCheck = ((r.spam_check as string | null) ?? '') as S['SpamCheck'];
  return { spamCheck, verified: spamCheck === '' || spamCheck === 'passed' };
};

/**
 * A lead's source as SQL (docs/product.md#attribution): its utm_source, else the referrer's host,
 * else 'direct'. The desk filters by it; the daily counters the overview reads count by the same
 * database function (count-leads-by-source migration).
 */
export const SOURCE_SQL = `lead_source(utm_source, referrer)`;

export const contactKind: LeadKind<S['Contact']> = {
  table: 'contact_submissions',
  slug: 'contact',
  deskPath: 'contacts',
  noun: 'contact message',
  inserts: [...same('name', 'email', 'phone', 'company', 'service', 'message'), ...ATTRIBUTION_INSERTS],
  updates: {},
  ...PERSON_SEARCH,
  select: `id, name, email, phone, company, service, message, created_at, assignee_id, ${ATTRIBUTION_SELECT}`,
  toApi: (r) => ({
    id: r.id as number,
    name: str(r.name),
    email: str(r.email),
    phone: str(r.phone),
    company: str(r.company),
    service: r.service as S['Service'],
    message: str(r.message),
    createdAt: iso(r.created_at),
    assigneeId: assigneeOf(r),
    attribution: attributionOf(r),
    ...spamCheckOf(r),
  }),
  csv: [
    ...PERSON_CSV,
    { header: 'Service', sql: 'service' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Message', sql: 'message' },
    ...ATTRIBUTION_CSV,
    ASSIGNEE_CSV,
  ],
};

export const demoKind: LeadKind<S['DemoRequest']> = {
  table: 'demo_requests',
  slug: 'demo',
  deskPath: 'demos',
  noun: 'demo request',
  inserts: [
    ...same('name', 'email', 'phone', 'company'),
    { field: 'preferredDate', column: 'preferred_date' },
    { field: 'preferredTime', column: 'preferred_time' },
    ...same('message'),
    ...ATTRIBUTION_INSERTS,
  ],
  updates: { status: 'status' },
  ...PERSON_SEARCH,
  select: `id, name, email, phone, company, preferred_date, preferred_time, message, status, created_at,
           invitation_uid, invitation_sequence, invitation_starts_at, invitation_time_zone,
           invitation_duration_minutes, invitation_meeting_url, invitation_cancelled, assignee_id, ${ATTRIBUTION_SELECT}`,
  toApi: (r) => ({
    id: r.id as number,
    name: str(r.name),
    email: str(r.email),
    phone: str(r.phone),
    company: str(r.company),
    preferredDate: r.preferred_date as S['PreferredDate'],
    preferredTime: r.preferred_time as S['PreferredTime'],
    message: str(r.message),
    status: r.status as S['DemoStatus'],
    createdAt: iso(r.created_at),
    attribution: attributionOf(r),
    ...spamCheckOf(r),
    invitation: r.invitation_uid
      ? {
          uid: str(r.invitation_uid),
          sequence: r.invitation_sequence as number,
          startsAt: iso(r.invitation_starts_at),
          timeZone: str(r.invitation_time_zone),
          durationMinutes: r.invitation_duration_minutes as number,
          meetingUrl: (r.invitation_meeting_url as string | null) ?? null,
          cancelled: r.invitation_cancelled as boolean,
        }
      : null,
    assigneeId: assigneeOf(r),
  }),
  csv: [
    ...PERSON_CSV,
    { header: 'Status', sql: 'status' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Preferred Date', sql: 'preferred_date' },
    { header: 'Preferred Time', sql: 'preferred_time' },
    { header: 'Message', sql: 'message' },
    ...ATTRIBUTION_CSV,
    ASSIGNEE_CSV,
  ],
};

export const getStartedKind: LeadKind<S['GetStartedRequest']> = {
  table: 'get_started_requests',
  slug: 'get-started',
  deskPath: 'get-started',
  noun: 'get-started request',
  inserts: [
    ...same('name', 'email', 'phone', 'company', 'service'),
    { field: 'monthlyVolume', column: 'monthly_volume' },
    ...same('message'),
    ...ATTRIBUTION_INSERTS,
  ],
  updates: { status: 'status' },
  ...PERSON_SEARCH,
  select: `id, name, email, phone, company, service, monthly_volume, message, status, created_at, assignee_id, ${ATTRIBUTION_SELECT}`,
  toApi: (r) => ({
    id: r.id as number,
    name: str(r.name),
    email: str(r.email),
    phone: str(r.phone),
    company: str(r.company),
    service: r.service as S['Service'],
    monthlyVolume: r.monthly_volume as S['MonthlyVolume'],
    message: str(r.message),
    status: r.status as S['GetStartedStatus'],
    createdAt: iso(r.created_at),
    assigneeId: assigneeOf(r),
    attribution: attributionOf(r),
    ...spamCheckOf(r),
  }),
  csv: [
    ...PERSON_CSV,
    { header: 'Status', sql: 'status' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Service', sql: 'service' },
    { header: 'Monthly Volume', sql: 'monthly_volume' },
    { header: 'Message', sql: 'message' },
    ...ATTRIBUTION_CSV,
    ASSIGNEE_CSV,
  ],
};

export const newsletterKind: LeadKind<S['NewsletterSubscriber']> = {
  table: 'newsletter_subscribers',
  slug: 'newsletter',
  deskPath: 'newsletters',
  noun: 'subscriber',
  inserts: same('email'),
  // Only to inactive (docs/product.md#leads); the service refuses anything else.
  updates: { status: 'status' },
  searchColumns: ['email'],
  // Stored lower-cased already.
  searchText: 'email',
  select: 'id, email, status, confirmed_at, created_at, assignee_id',
  toApi: (r) => ({
    id: r.id as number,
    email: str(r.email),
    status: r.status as S['NewsletterStatus'],
    isActive: r.status === 'active',
    createdAt: iso(r.created_at),
    confirmedAt: r.confirmed_at ? iso(r.confirmed_at) : null,
    assigneeId: assigneeOf(r),
  }),
  csv: [
    { header: 'Email', sql: 'email' },
    { header: 'Subscribed', sql: ISO_SQL },
    { header: 'Status', sql: statusLabelSql },
    ASSIGNEE_CSV,
  ],
};

export const leadKinds = [contactKind, demoKind, getStartedKind, newsletterKind] as const;

export function kindBySlug(slug: string): LeadKind<unknown> | undefined {
  return leadKinds.find((k) => k.slug === slug) as LeadKind<unknown> | undefined;
}
