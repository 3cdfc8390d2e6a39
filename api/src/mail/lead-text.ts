import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';

type S = components['schemas'];
type Row = { label: string; value: string };
type Labelled = 'Service' | 'MonthlyVolume' | 'PreferredDate' | 'PreferredTime';

/** An option's label as the contract gives it (x-enum-labels); '—' when nothing was chosen. */
export function optionLabel(schema: Labelled, value: string): string {
  if (!value) return '—';
  return (schemas[schema]['x-enum-labels'] as Record<string, string>)[value] ?? value;
}

const or = (v: string) => v || '—';
const person = (l: { name: string; email: string; phone: string; company: string }): Row[] => [
  { label: 'Name', value: l.name },
  { label: 'Email', value: l.email },
  { label: 'Phone', value: or(l.phone) },
  { label: 'Company', value: or(l.company) },
];

export type PersonLead = S['Contact'] | S['DemoRequest'] | S['GetStartedRequest'];
export type PersonKind = 'contact' | 'demo' | 'get-started';

/**
 * What each kind of lead says in its emails: the alert's title and fields, and the acknowledgment,
 * whose promise is word for word the site's success notice (docs/product.md#forms). `choices` are
 * the options the visitor picked, by their labels: the only part of a lead an acknowledgment
 * repeats, as everything else was typed by whoever filled in the form (docs/product.md#follow-up).
 */
export const leadText: Record<
  PersonKind,
  {
    alertTitle: string;
    ackSubject: string;
    ackTitle: string;
    promise: string;
    fields: (l: never) => Row[];
    choices: (l: never) => Row[];
  }
> = {
  contact: {
    alertTitle: 'New contact message',
    ackSubject: 'We received your message',
    ackTitle: 'Thank you for contacting TextFlow',
    promise: "We'll get back to you within 24 hours.",
    fields: (l: S['Contact']) => [
      ...person(l),
      ...leadText.contact.choices(l as never),
      { label: 'Message', value: l.message },
    ],
    choices: (l: S['Contact']) => [{ label: 'Service', value: optionLabel('Service', l.service) }],
  },
  'get-started': {
    alertTitle: 'New get-started request',
    ackSubject: 'Your request to get started with TextFlow',
    ackTitle: 'Thank you for your interest in TextFlow',
    promise: 'Our team will contact you within 24 hours to get you started.',
    fields: (l: S['GetStartedRequest']) => [
      ...person(l),
      ...leadText['get-started'].choices(l as never),
      { label: 'Message', value: or(l.message) },
    ],
    choices: (l: S['GetStartedRequest']) => [
      { label: 'Service', value: optionLabel('Service', l.service) },
      { label: 'Monthly volume', value: optionLabel('MonthlyVolume', l.monthlyVolume) },
    ],
  },
  demo: {
    alertTitle: 'New demo request',
    ackSubject: 'Your TextFlow demo request',
    ackTitle: 'Thank you for booking a demo',
    promise: "We'll send you a calendar invitation shortly.",
    fields: (l: S['DemoRequest']) => [
      ...person(l),
      ...leadText.demo.choices(l as never),
      { label: 'Message', value: or(l.message) },
    ],
    choices: (l: S['DemoRequest']) => [
      { label: 'Preferred date', value: optionLabel('PreferredDate', l.preferredDate) },
      { label: 'Preferred time', value: optionLabel('PreferredTime', l.preferredTime) },
    ],
  },
};

export const fieldsOf = (kind: PersonKind, lead: PersonLead): Row[] =>
  (leadText[kind].fields as (l: PersonLead) => Row[])(lead);

/** The options a visitor chose, by their labels; none when they chose nothing. */
export const choicesOf = (kind: PersonKind, lead: PersonLead): Row[] =>
  (leadText[kind].choices as (l: PersonLead) => Row[])(lead).filter((r) => r.value !== '—');
