import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../../../api/src/contract/load.ts';
import { compileOperation } from '../../../../../../api/src/contract/validate.ts';
import { invitationSchema, type InvitationValues } from './invitation.ts';

const validate = compileOperation(loadContract().operations.get('scheduleDemoInvitation')!).body!;

/** The body the form would send for what was typed: a duration of digits as a number, no empty link. */
function body(v: InvitationValues): Record<string, unknown> {
  const duration = v.durationMinutes.trim();
  const link = v.meetingUrl.trim();
  return {
    date: v.date,
    time: v.time,
    timeZone: v.timeZone.trim(),
    durationMinutes: /^\d+$/.test(duration) ? Number(duration) : duration,
    ...(link ? { meetingUrl: link } : {}),
  };
}

const values = fc.record({
  date: fc.oneof(
    fc.constantFrom('', '2030-03-31', '2030-02-29', '2028-02-29', '2030-13-01', '2030-1-1', '30-03-2030'),
    fc.string({ maxLength: 12 }),
  ),
  time: fc.oneof(
    fc.constantFrom('', '00:00', '23:59', '24:00', '9:30', '09:60', '10:00:00'),
    fc.string({ maxLength: 6 }),
  ),
  timeZone: fc.oneof(
    fc.constantFrom(
      '',
      'Europe/Berlin',
      'UTC',
      'Etc/GMT+5',
      '1Europe',
      'Europe Berlin',
      'a'.repeat(64),
      'a'.repeat(65),
    ),
    fc.string({ maxLength: 10 }),
  ),
  durationMinutes: fc.oneof(
    fc.constantFrom('', '14', '15', '30', '480', '481', '30.5', '-30', ' 45 ', '1e2'),
    fc.integer({ min: -10, max: 600 }).map(String),
  ),
  meetingUrl: fc.oneof(
    fc.constantFrom(
      '',
      'https://meet.example/x',
      'http://a',
      'ftp://a',
      'https://a b',
      `https://${'a'.repeat(1990)}`,
    ),
    fc.webUrl(),
    fc.string({ maxLength: 10 }),
  ),
});

describe('the invitation form agrees with the contract', () => {
  it('accepts and rejects the same invitations as scheduleDemoInvitation', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(invitationSchema.safeParse(v).success).toBe(validate(body(v)));
      }),
      { numRuns: 3000 },
    );
  });

  it('sends a whole number of minutes and leaves out an empty meeting link', () => {
    expect(
      invitationSchema.parse({
        date: '2030-03-31',
        time: '10:00',
        timeZone: ' Europe/Berlin ',
        durationMinutes: '45',
        meetingUrl: '',
      }),
    ).toEqual({ date: '2030-03-31', time: '10:00', timeZone: 'Europe/Berlin', durationMinutes: 45 });
  });
});
