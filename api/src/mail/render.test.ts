import { describe, expect, it } from 'vitest';
import { compose, type OutboxRow } from './compose.ts';
import { renderDirect, renderParts } from './render.ts';

const config = {
  publicUrl: 'https://textflow.example',
  mailFrom: 'TextFlow <hello@textflow.example>',
  salesNotifyTo: ['sales@textflow.example'],
};
const row = (template: OutboxRow['template'], lead_kind: OutboxRow['lead_kind'], params = {}): OutboxRow => ({
  id: 7,
  lead_kind,
  lead_id: 3,
  template,
  revision: 0,
  params,
  created_at: new Date('2026-01-01T00:00:00Z'),
});
const tricky = `Zoë "Q" O'Brien <script>&amp; \uE0001\uE001`;
const contact = {
  id: 3,
  name: tricky,
  email: 'zoe@example.com',
  phone: '',
  company: 'A & B <Ltd>',
  service: 'all',
  message: 'Line one\nLine two & more',
  createdAt: '',
};
const demo = { ...contact, preferredDate: 'today', preferredTime: '', status: 'pending', invitation: null };
const invitation = {
  uid: 'u@x',
  sequence: 1,
  method: 'REQUEST',
  change: 'moved',
  startsAt: '2027-07-01T13:30:00.000Z',
  timeZone: 'Europe/Berlin',
  durationMinutes: 45,
  meetingUrl: 'https://meet.example.com/a?b=1&c="2"',
};

/** The invisible padding after a preview text depends on the text's length; it shows nothing. */
const withoutPadding = (html: string) =>
  html.replace(/<div>[\u00a0\u200b-\u200f\ufeff\s]+<\/div>/, '<div></div>');

describe('rendering a message', () => {
  it.each([
    ['sales-alert', 'contact', contact, {}],
    ['acknowledgment', 'contact', contact, {}],
    ['acknowledgment', 'demo', demo, {}],
    ['demo-invitation', 'demo', demo, invitation],
    ['newsletter-confirmation', 'newsletter', { id: 3, email: 'zoe@example.com' }, { consentId: 9 }],
  ] as const)(
    '%s (%s) through the template cache is what React renders, with any text escaped',
    async (template, kind, lead, params) => {
      const c = compose(row(template, kind, params), lead, config, Buffer.alloc(32, 1));
      if (!c.ok) throw new Error(c.held);
      const [cached, again, direct] = [
        await renderParts(c.message.view),
        await renderParts(c.message.view),
        await renderDirect(c.message.view),
      ];
      expect(withoutPadding(cached.html)).toBe(withoutPadding(direct.html));
      expect(cached.text.split('\n')).toEqual(direct.text.split('\n'));
      expect(again).toEqual(cached);
      if (kind !== 'newsletter') expect(cached.html).not.toContain('<script>');
    },
  );
});
