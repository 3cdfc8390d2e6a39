import type { FormName } from '../../components/form-view.ts';
import { optionsOf } from '../../content/options.ts';
import type { LeadInput } from '../../lib/lead-schema.ts';

/** How one field is shown; its label, rules, options and whether it is required come from the contract. */
export interface FieldSpec {
  name: string;
  placeholder?: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  /** Outside the two-column grid, across the form. */
  wide?: boolean;
}

/**
 * The four lead forms differ only in this (docs/product.md#forms); their button, failure title and
 * success page are the contract's (`x-form`, lead-schema.ts formWords).
 */
export interface LeadFormConfig {
  kind: FormName;
  input: LeadInput;
  /** The operation a browser without the form's code posts it to (docs/product.md#forms-without-javascript). */
  action: '/api/contact' | '/api/get-started' | '/api/demo' | '/api/newsletter';
  /** A form of its own, one in a card with a heading, or a single field beside its button. */
  layout: 'plain' | 'card' | 'inline';
  label: string;
  heading?: string;
  fields: FieldSpec[];
  /** The button's text while sending. */
  pending: string;
  success: { title: string; description: string };
  /** A screen shown in the form's place after success; without it the form is emptied. */
  done?: { title: string; text: string };
  /**
   * Under the closing screen, the exact times the request may be booked into, where the team offers
   * them (docs/demo-slots.md#picking-a-time).
   */
  pickTime?: boolean;
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
    action: '/api/contact',
    layout: 'plain',
    label: 'Contact form',
    fields: [
      name,
      email,
      { ...phone, placeholder: '+1 (555) 123-4567' },
      company,
      { name: 'service', placeholder: 'Select a service', wide: true },
      { name: 'message', placeholder: 'Tell us about your messaging needs', multiline: true, wide: true },
    ],
    pending: 'Sending...',
    success: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
  },
  'get-started': {
    kind: 'get-started',
    input: 'GetStartedInput',
    action: '/api/get-started',
    layout: 'card',
    label: 'Get started',
    heading: 'Start Your Journey',
    fields: [
      name,
      email,
      phone,
      company,
      { name: 'service', placeholder: 'Select a service' },
      { name: 'monthlyVolume', placeholder: 'Select volume' },
      { name: 'message', placeholder: 'Tell us about your goals', multiline: true, wide: true },
    ],
    pending: 'Submitting...',
    success: {
      title: 'Request submitted successfully!',
      description: 'Our team will contact you within 24 hours to get you started',
    },
    done: {
      title: 'Thank You!',
      text: 'Your request has been received. Our team will contact you within 24 hours to get you started.',
    },
  },
  demo: {
    kind: 'demo',
    input: 'DemoInput',
    action: '/api/demo',
    layout: 'card',
    label: 'Book your demo',
    heading: 'Book Your Demo',
    fields: [
      name,
      email,
      phone,
      company,
      { name: 'preferredDate', placeholder: 'Select a date' },
      { name: 'preferredTime', placeholder: 'Select a time' },
      { name: 'message', multiline: true, wide: true },
    ],
    pending: 'Scheduling...',
    success: {
      title: 'Demo scheduled successfully!',
      description: "We'll send you a calendar invitation shortly.",
    },
    done: {
      title: 'Demo Scheduled!',
      text: "We'll send you a calendar invitation shortly. A confirmation with the details of your 30-minute demo is on its way to your inbox.",
    },
    pickTime: true,
  },
  newsletter: {
    kind: 'newsletter',
    input: 'NewsletterInput',
    action: '/api/newsletter',
    layout: 'inline',
    label: 'Newsletter',
    fields: [{ ...email, placeholder: 'you@company.com' }],
    // The wording the form sends as `consent` (its default value): docs/product.md#leads.
    note: optionsOf('NewsletterConsent')[0]!.label,
    // Beside the field the button shows only a spinner while sending; this names it.
    pending: 'Subscribing',
    success: {
      title: 'Check your inbox to confirm',
      description: 'We sent you a link. Your subscription starts once you open it.',
    },
  },
};
