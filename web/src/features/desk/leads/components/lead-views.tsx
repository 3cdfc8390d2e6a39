import { Badge, HStack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import type { ReactNode } from 'react';
import type { Lead } from '../../shared/api/lead.ts';
import type { LeadKind } from '../../shared/desk-routes.ts';
import { formatDate } from '../../shared/format.ts';
import { NotVerifiedBadge } from './not-verified-badge.tsx';
import { DemoStatus, GetStartedStatus, SubscriberStatus } from './status-control.tsx';

/** One field of a lead: a column in its list, a line on its own page. */
export interface LeadField<K extends LeadKind> {
  header: string;
  cell: (lead: Lead<K>) => ReactNode;
}

/** How the desk shows one kind of lead: the only place where the four kinds differ in looks. */
export interface LeadView<K extends LeadKind> {
  /** The tab's and the list's name. */
  title: string;
  count: keyof components['schemas']['Overview']['counts'];
  placeholder: string;
  /** What a lead is called: its link in the list, its page's heading. */
  name: (lead: Lead<K>) => string;
  /** The columns of docs/product.md#admin-desk, in its order; the first one links to the lead. */
  fields: LeadField<K>[];
}

type Labelled = 'Service' | 'MonthlyVolume' | 'PreferredDate' | 'PreferredTime';
/** An option's label as the contract's x-enum-labels give it; an unchosen option shows a dash. */
const option = (schema: Labelled, value: string): string =>
  value ? ((schemas[schema]['x-enum-labels'] as Record<string, string>)[value] ?? value) : '—';
const text = (value: string) => value || '—';
const message = (value: string) => <Text whiteSpace="pre-wrap">{text(value)}</Text>;

const person = <K extends 'contacts' | 'demos' | 'get-started'>(): LeadField<K>[] => [
  { header: 'Name', cell: (l) => l.name },
  {
    header: 'Email',
    // The spam check's mark goes with the address, in the list and on the lead's page.
    cell: (l) =>
      l.verified ? (
        l.email
      ) : (
        <HStack gap="2" flexWrap="wrap">
          <span>{l.email}</span>
          <NotVerifiedBadge verified={l.verified} />
        </HStack>
      ),
  },
  { header: 'Date', cell: (l) => formatDate(l.createdAt) },
];

export const leadViews: { [K in LeadKind]: LeadView<K> } = {
  contacts: {
    title: 'Contacts',
    count: 'contacts',
    placeholder: 'Name, email or company',
    name: (l) => l.name,
    fields: [
      ...person<'contacts'>(),
      { header: 'Service', cell: (l) => (l.service ? <Badge>{option('Service', l.service)}</Badge> : '—') },
      { header: 'Phone', cell: (l) => text(l.phone) },
      { header: 'Company', cell: (l) => text(l.company) },
      { header: 'Message', cell: (l) => message(l.message) },
    ],
  },
  demos: {
    title: 'Demos',
    count: 'demos',
    placeholder: 'Name, email or company',
    name: (l) => l.name,
    fields: [
      ...person<'demos'>(),
      { header: 'Status', cell: (l) => <DemoStatus lead={l} /> },
      { header: 'Phone', cell: (l) => text(l.phone) },
      { header: 'Company', cell: (l) => text(l.company) },
      { header: 'Preferred Date', cell: (l) => option('PreferredDate', l.preferredDate) },
      { header: 'Preferred Time', cell: (l) => option('PreferredTime', l.preferredTime) },
      { header: 'Message', cell: (l) => message(l.message) },
    ],
  },
  'get-started': {
    title: 'Get Started',
    count: 'getStarted',
    placeholder: 'Name, email or company',
    name: (l) => l.name,
    fields: [
      ...person<'get-started'>(),
      { header: 'Status', cell: (l) => <GetStartedStatus lead={l} /> },
      { header: 'Phone', cell: (l) => text(l.phone) },
      { header: 'Company', cell: (l) => text(l.company) },
      { header: 'Service', cell: (l) => (l.service ? <Badge>{option('Service', l.service)}</Badge> : '—') },
      { header: 'Monthly Volume', cell: (l) => option('MonthlyVolume', l.monthlyVolume) },
      { header: 'Message', cell: (l) => message(l.message) },
    ],
  },
  newsletters: {
    title: 'Newsletter',
    count: 'newsletters',
    placeholder: 'Email',
    name: (l) => l.email,
    fields: [
      { header: 'Email', cell: (l) => l.email },
      { header: 'Subscribed', cell: (l) => formatDate(l.createdAt) },
      { header: 'Status', cell: (l) => <SubscriberStatus lead={l} /> },
    ],
  },
};
