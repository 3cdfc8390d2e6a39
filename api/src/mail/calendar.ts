import { createEvent } from 'ics';

/** What an invitation message carries, fixed when the desk queues it (mail_messages.params). */
export interface InvitationParams {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  change: 'new' | 'moved' | 'cancelled';
  startsAt: string;
  timeZone: string;
  durationMinutes: number;
  meetingUrl: string | null;
  /**
   * The host of a booked slot (docs/demo-slots.md#picking-a-time): the invitation's organizer
   * when they have an address, and a recipient of the same message. None for the desk's own.
   */
  host?: { name: string; email: string | null };
  /** A booked slot's link to move or cancel it, derived when the message is written (demos/manage-links.ts). */
  manage?: { bookingId: number; endsAt: string };
}

/**
 * A name as an iCalendar parameter value (CN): RFC 5545 has no escape for `"` inside one, and a
 * `;`, `:` or `,` outside quotes starts a new parameter or value, so all four go
 * (docs/product.md#follow-up). A prospect typed this name; it must not add or change an attendee.
 */
const parameterText = (name: string) =>
  name
    .replace(/[";:,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The iCalendar text of a demo's invitation (METHOD:REQUEST) or cancellation (METHOD:CANCEL):
 * organizer the sender, attendee the prospect, one UID for the demo's whole life and a SEQUENCE
 * raised by each change, so calendars update or remove the same event (RFC 5546).
 */
export function invitationIcs(
  p: InvitationParams,
  people: { organizer: { name: string; email: string }; attendee: { name: string; email: string } },
): string {
  const { error, value } = createEvent({
    method: p.method,
    uid: p.uid,
    sequence: p.sequence,
    status: p.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    start: new Date(p.startsAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: p.durationMinutes },
    title: 'TextFlow demo',
    description: p.meetingUrl ? `Join the demo: ${p.meetingUrl}` : 'Your TextFlow demo.',
    ...(p.meetingUrl ? { url: p.meetingUrl, location: p.meetingUrl } : {}),
    organizer: { ...people.organizer, name: parameterText(people.organizer.name) },
    attendees: [
      {
        ...people.attendee,
        name: parameterText(people.attendee.name),
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  } as Parameters<typeof createEvent>[0]);
  if (error || !value) throw new Error(`could not write the invitation: ${String(error)}`);
  return value;
}
