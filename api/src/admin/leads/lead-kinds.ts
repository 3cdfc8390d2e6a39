import type { components } from '@lead-desk/contract';

type S = components['schemas'];

/**
 * Each lead table once: its columns, how a row becomes the API object (the one place it does),
 * and its CSV columns as SQL (the database writes the export's lines, see csvBatches). Table,
 * column names and SQL here are constants, never client input.
 */
export interface LeadKind<T> {
  table: string;
  /** Columns the search `q` matches. */
  searchColumns: string[];
  /** Those columns lower-cased in one text, joined by U+001F, for a LIKE its trigram index serves. */
  searchText: string;
  select: string;
  toApi: (row: Record<string, unknown>) => T;
  /** Each CSV column's header and its text as a SQL expression over the row. */
  csv: { header: string; sql: string }[];
}

const iso = (v: unknown) => (v as Date).toISOString();
/** created_at as toISOString() writes it (UTC, milliseconds), as the API's createdAt reads. */
const ISO_SQL = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const str = (v: unknown) => v as string;

export const contactKind: LeadKind<S['Contact']> = {
  table: 'contact_submissions',
  searchColumns: ['name', 'email', 'company'],
  searchText: 'search_text',
  select: 'id, name, email, phone, company, service, message, created_at',
  toApi: (r) => ({
    id: r.id as number,
    name: str(r.name),
    email: str(r.email),
    phone: str(r.phone),
    company: str(r.company),
    service: r.service as S['Service'],
    message: str(r.message),
    createdAt: iso(r.created_at),
  }),
  csv: [
    { header: 'Name', sql: 'name' },
    { header: 'Email', sql: 'email' },
    { header: 'Date', sql: ISO_SQL },
    { header: 'Service', sql: 'service' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Message', sql: 'message' },
  ],
};

export const demoKind: LeadKind<S['DemoRequest']> = {
  table: 'demo_requests',
  searchColumns: ['name', 'email', 'company'],
  searchText: 'search_text',
  select: 'id, name, email, phone, company, preferred_date, preferred_time, message, status, created_at',
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
  }),
  csv: [
    { header: 'Name', sql: 'name' },
    { header: 'Email', sql: 'email' },
    { header: 'Date', sql: ISO_SQL },
    { header: 'Status', sql: 'status' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Preferred Date', sql: 'preferred_date' },
    { header: 'Preferred Time', sql: 'preferred_time' },
    { header: 'Message', sql: 'message' },
  ],
};

export const getStartedKind: LeadKind<S['GetStartedRequest']> = {
  table: 'get_started_requests',
  searchColumns: ['name', 'email', 'company'],
  searchText: 'search_text',
  select: 'id, name, email, phone, company, service, monthly_volume, message, status, created_at',
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
  }),
  csv: [
    { header: 'Name', sql: 'name' },
    { header: 'Email', sql: 'email' },
    { header: 'Date', sql: ISO_SQL },
    { header: 'Status', sql: 'status' },
    { header: 'Phone', sql: 'phone' },
    { header: 'Company', sql: 'company' },
    { header: 'Service', sql: 'service' },
    { header: 'Monthly Volume', sql: 'monthly_volume' },
    { header: 'Message', sql: 'message' },
  ],
};

export const newsletterKind: LeadKind<S['NewsletterSubscriber']> = {
  table: 'newsletter_subscribers',
  searchColumns: ['email'],
  // Stored lower-cased already.
  searchText: 'email',
  select: 'id, email, is_active, created_at',
  toApi: (r) => ({
    id: r.id as number,
    email: str(r.email),
    isActive: r.is_active as boolean,
    createdAt: iso(r.created_at),
  }),
  csv: [
    { header: 'Email', sql: 'email' },
    { header: 'Subscribed', sql: ISO_SQL },
    { header: 'Status', sql: `CASE WHEN is_active THEN 'Active' ELSE 'Inactive' END` },
  ],
};
