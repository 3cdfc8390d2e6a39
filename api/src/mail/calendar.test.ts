import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { invitationIcs, type InvitationParams } from './calendar.ts';

const params: InvitationParams = {
  uid: 'demo-1@textflow.example',
  sequence: 0,
  method: 'REQUEST',
  change: 'new',
  startsAt: '2030-07-01T13:30:00.000Z',
  timeZone: 'Europe/Berlin',
  durationMinutes: 45,
  meetingUrl: null,
};

/** Every attendee as a real iCalendar parser (ical.js) reads the text back. */
function attendeesOf(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  return event.getAllProperties('attendee').map((p) => ({
    value: String(p.getFirstValue()),
    cn: p.getParameter('cn'),
    role: p.getParameter('role'),
    extra: Object.keys(p.toJSON()[1] as object),
  }));
}

describe('the invitation', () => {
  it.each([
    ['a quote that would close the name', 'Eve";ROLE=CHAIR:mailto:eve@evil.example;X="'],
    ['a colon and semicolons without quotes', 'Eve;ROLE=CHAIR:mailto:eve@evil.example'],
    ['a comma that would start a second value', 'Eve, mailto:eve@evil.example'],
  ])('keeps the prospect the one attendee, whatever their name holds: %s', (_what, name) => {
    const ics = invitationIcs(params, {
      organizer: { name: 'TextFlow', email: 'demos@textflow.example' },
      attendee: { name, email: 'grace@example.com' },
    });
    const attendees = attendeesOf(ics);
    expect(attendees).toHaveLength(1);
    expect(attendees[0]!.value).toMatch(/^mailto:grace@example\.com$/i);
    expect(attendees[0]!.role).toBe('REQ-PARTICIPANT');
    expect(attendees[0]!.cn).not.toMatch(/[";:,]/);
    expect(attendees[0]!.cn).toContain('Eve');
    expect(attendees[0]!.extra.sort()).toEqual(['cn', 'partstat', 'role', 'rsvp']);
  });

  it('keeps an ordinary name as written', () => {
    const ics = invitationIcs(params, {
      organizer: { name: 'TextFlow', email: 'demos@textflow.example' },
      attendee: { name: 'Grace Brewster Hopper', email: 'grace@example.com' },
    });
    expect(attendeesOf(ics)[0]!.cn).toBe('Grace Brewster Hopper');
  });
});
