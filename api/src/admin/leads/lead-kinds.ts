import type { components } from '@lead-desk/contract';

type S = components['schemas'];

/**
 * Each lead table once: its columns, how a row becomes the API object (the one place it does),
 * and its CSV columns. Table and column names here are constants, never client input.
 */
export interface LeadKind<T> {
  table: string;
  /** Columns the search `q` matches. */
  searchColumns: string[];
  /** Those columns lower-cased in one text, joined by U+001F, for a LIKE its trigram index serves. */
  searchText: string;
  select: string;
  toApi: (row: Record<string, unknown>) => T;
  csv: { header: string; value: (item: T) => string | number | boolean }[];
}

const iso = (v: unknown) => (v as Date).toISOString();
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
    { header: 'Name', value: (c) => c.name },
    { header: 'Email', value: (c) => c.email },
    { header: 'Date', value: (c) => c.createdAt },
    { header: 'Service', value: (c) => c.service },
    { header: 'Phone', value: (c) => c.phone },
    { header: 'Company', value: (c) => c.company },
    { header: 'Message', value: (c) => c.message },
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
    { header: 'Name', value: (d) => d.name },
    { header: 'Email', value: (d) => d.email },
    { header: 'Date', value: (d) => d.createdAt },
    { header: 'Status', value: (d) => d.status },
    { header: 'Phone', value: (d) => d.phone },
    { header: 'Company', value: (d) => d.company },
    { header: 'Preferred Date', value: (d) => d.preferredDate },
    { header: 'Preferred Time', value: (d) => d.preferredTime },
    { header: 'Message', value: (d) => d.message },
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
    { header: 'Name', value: (g) => g.name },
    { header: 'Email', value: (g) => g.email },
    { header: 'Date', value: (g) => g.createdAt },
    { header: 'Status', value: (g) => g.status },
    { header: 'Phone', value: (g) => g.phone },
    { header: 'Company', value: (g) => g.company },
    { header: 'Service', value: (g) => g.service },
    { header: 'Monthly Volume', value: (g) => g.monthlyVolume },
    { header: 'Message', value: (g) => g.message },
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
    { header: 'Email', value: (n) => n.email },
    { header: 'Subscribed', value: (n) => n.createdAt },
    { header: 'Status', value: (n) => (n.isActive ? 'Active' : 'Inactive') },
  ],
};
