import type { FormName } from '../../components/lazy-form.tsx';
import { optionsOf } from '../../content/options.ts';
import type { LeadInput } from '../../lib/lead-schema.ts';

/** How one field is shown; its rules, options and whether it is required come from the contract. */
export interface FieldSpec {
  name: string;
  label: string;
  placeholder?: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  /** Outside the two-column grid, across the form. */
  wide?: boolean;
}

/** The four lead forms differ only in this (docs/product.md#forms). */
export interface LeadFormConfig {
  kind: FormName;
  input: LeadInput;
  /** A form of its own, one in a card with a heading, or a single field beside its button. */
  layout: 'plain' | 'card' | 'inline';
  label: string;
  heading?: string;
  fields: FieldSpec[];
  /** The button's text, and its text while sending. */
  submit: { label: string; pending: string };
  success: { title: string; description: string };
  errorTitle: string;
  /** A screen shown in the form's place after success; without it the form is emptied. */
  done?: { title: string; text: string };
  /** Text shown under the form: what the visitor agrees to by sending it. */
  note?: string;
}

const name = { name: 'name', autoComplete: 'name' };
const email = { name: 'email', type: 'email', autoComplete: 'email' } as const;
const phone = { name: 'phone', type: 'tel', autoComplete: 'tel' } as const;
const company = { name: 'company', autoComplete: 'organization' };

export const leadForms: Record<FormName, LeadFormConfig> = {
  contact: {
    kind: 'contact',
    input: 'ContactInput',
    layout: 'plain',
    label: 'Contact form',
    fields: [
      { ...name, label: 'Name' },
      { ...email, label: 'Email' },
      { ...phone, label: 'Phone', placeholder: '+1 (555) 123-4567' },
      { ...company, label: 'Company' },
      { name: 'service', label: 'Service Interest', placeholder: 'Select a service', wide: true },
      {
        name: 'message',
        label: 'Message',
        placeholder: 'Tell us about your messaging needs',
        multiline: true,
        wide: true,
      },
    ],
    submit: { label: 'Send Message', pending: 'Sending...' },
    success: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
    errorTitle: 'Error sending message',
  },
  'get-started': {
    kind: 'get-started',
    input: 'GetStartedInput',
    layout: 'card',
    label: 'Get started',
    heading: 'Start Your Journey',
    fields: [
      { ...name, label: 'Full Name' },
      { ...email, label: 'Email Address' },
      { ...phone, label: 'Phone Number' },
      { ...company, label: 'Company Name' },
      { name: 'service', label: 'Primary Service Interest', placeholder: 'Select a service' },
      { name: 'monthlyVolume', label: 'Monthly Message Volume', placeholder: 'Select volume' },
      {
        name: 'message',
        label: 'Additional Information',
        placeholder: 'Tell us about your goals',
        multiline: true,
        wide: true,
      },
    ],
    submit: { label: 'Get Started', pending: 'Submitting...' },
    success: {
      title: 'Request submitted successfully!',
      description: 'Our team will contact you within 24 hours to get you started',
    },
    errorTitle: 'Error submitting request',
    done: {
      title: 'Thank You!',
      text: 'Your request has been received. Our team will contact you within 24 hours to get you started.',
    },
  },
  demo: {
    kind: 'demo',
    input: 'DemoInput',
    layout: 'card',
    label: 'Book your demo',
    heading: 'Book Your Demo',
    fields: [
      { ...name, label: 'Full Name' },
      { ...email, label: 'Email Address' },
      { ...phone, label: 'Phone Number' },
      { ...company, label: 'Company Name' },
      { name: 'preferredDate', label: 'Preferred Date', placeholder: 'Select a date' },
      { name: 'preferredTime', label: 'Preferred Time', placeholder: 'Select a time' },
      { name: 'message', label: 'What would you like to see in the demo?', multiline: true, wide: true },
    ],
    submit: { label: 'Schedule Demo', pending: 'Scheduling...' },
    success: {
      title: 'Demo scheduled successfully!',
      description: "We'll send you a calendar invitation shortly.",
    },
    errorTitle: 'Error scheduling demo',
    done: {
      title: 'Demo Scheduled!',
      text: "We'll send you a calendar invitation shortly. A confirmation with the details of your 30-minute demo is on its way to your inbox.",
    },
  },
  newsletter: {
    kind: 'newsletter',
    input: 'NewsletterInput',
    layout: 'inline',
    label: 'Newsletter',
    fields: [{ ...email, label: 'Email for our newsletter', placeholder: 'you@company.com' }],
    // The wording the form sends as `consent` (its default value): docs/product.md#newsletter.
    note: optionsOf('NewsletterConsent')[0]!.label,
    // Beside the field the button shows only a spinner while sending; this names it.
    submit: { label: 'Subscribe', pending: 'Subscribing' },
    success: {
      title: 'Check your inbox to confirm',
      description: 'We sent you a link. Your subscription starts once you open it.',
    },
    errorTitle: 'Error subscribing',
  },
};
