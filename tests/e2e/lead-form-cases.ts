import type { Locator, Page } from '@playwright/test';
import type { storedLeads } from './stored-leads.ts';

/**
 * The four lead forms as a visitor fills them in (shared by the specs of forms without JavaScript
 * and of forms sent before their code arrived). `tag` makes the lead findable in the desk.
 */
export interface LeadFormCase {
  form: string;
  path: string;
  fill: (form: Locator, tag: string) => Promise<void>;
  button: string;
  /** The success text of the form, word for word (docs/product.md#forms). */
  success: (page: Page) => Locator;
  list: Parameters<typeof storedLeads>[1];
}

export const leadFormCases: LeadFormCase[] = [
  {
    form: 'Get started',
    path: '/get-started',
    fill: async (form, tag) => {
      await form.getByLabel('Full Name *').fill(`Early ${tag}`);
      await form.getByLabel('Email Address *').fill('early@example.com');
      await form.getByLabel('Phone Number').fill('+1 555 0100');
      await form.getByLabel('Monthly Message Volume').selectOption('10k-100k');
      await form.getByLabel('Additional Information').fill('Sent before the page was ready.');
    },
    button: 'Get Started',
    success: (page) => page.getByRole('heading', { name: 'Thank You!' }),
    list: '/api/get-started',
  },
  {
    form: 'Book your demo',
    path: '/schedule-demo',
    fill: async (form, tag) => {
      await form.getByLabel('Full Name *').fill(`Early ${tag}`);
      await form.getByLabel('Email Address *').fill('early@example.com');
      await form.getByLabel('Preferred Date').selectOption('tomorrow');
      await form.getByLabel('What would you like to see in the demo?').fill('Voice agents, please.');
    },
    button: 'Schedule Demo',
    success: (page) => page.getByRole('heading', { name: 'Demo Scheduled!' }),
    list: '/api/demos',
  },
  {
    form: 'Contact form',
    path: '/',
    fill: async (form, tag) => {
      await form.getByLabel('Name *').fill(`Early ${tag}`);
      await form.getByLabel('Email *').fill('early@example.com');
      await form.getByLabel('Phone').fill('+1 555 0100');
      await form.getByLabel('Message *').fill('Sent before the page was ready.');
    },
    button: 'Send Message',
    success: (page) => page.getByText('Message sent successfully!'),
    list: '/api/contacts',
  },
  {
    form: 'Newsletter',
    path: '/',
    fill: (form, tag) => form.getByLabel('Email for our newsletter').fill(`early-${tag}@example.com`),
    button: 'Subscribe',
    success: (page) => page.getByText('Check your inbox to confirm'),
    list: '/api/newsletters',
  },
];
