import type { components } from '@lead-desk/contract';
import type { InvitationValues } from '../api/invitation.ts';

type Invitation = components['schemas']['Invitation'];

/** The viewer's own time zone, the form's default (docs/product.md#follow-up). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every IANA zone the browser knows, for the time zone field's suggestions. */
export const knownTimeZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The date and time of an instant on the wall clocks of a zone: YYYY-MM-DD and HH:MM. */
function wallClock(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The form's starting values: the invitation being moved, or a new one of 30 minutes. */
export function startingValues(invitation: Invitation | null): InvitationValues {
  if (!invitation || invitation.cancelled)
    return { date: '', time: '', timeZone: browserTimeZone(), durationMinutes: '30', meetingUrl: '' };
  return {
    ...wallClock(invitation.startsAt, invitation.timeZone),
    timeZone: invitation.timeZone,
    durationMinutes: String(invitation.durationMinutes),
    meetingUrl: invitation.meetingUrl ?? '',
  };
}

/** "Tue, Dec 1, 2026, 10:00 AM (Europe/Berlin), 30 minutes": when it is, where it was chosen. */
export function describeInvitation(invitation: Invitation): string {
  const when = new Intl.DateTimeFormat(undefined, {
    timeZone: invitation.timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(invitation.startsAt));
  return `${when} (${invitation.timeZone}), ${invitation.durationMinutes} minutes`;
}
