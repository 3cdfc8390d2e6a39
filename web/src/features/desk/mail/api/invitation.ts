import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { adminKey } from '../../shared/api/session.ts';

type InvitationInput = components['schemas']['InvitationInput'];
/** What the invitation form holds: every field as typed. */
export type InvitationValues = Record<keyof InvitationInput, string>;

const rules = schemas.InvitationInput.properties;
const msg = <F extends keyof typeof rules>(f: F): (typeof rules)[F]['x-messages'] => rules[f]['x-messages'];
const realDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};
const matches = (pattern: string) => (s: string) => new RegExp(pattern, 'u').test(s);
const length = (s: string) => [...s].length;

/**
 * The invitation form's rules: the contract's InvitationInput (its patterns, limits and messages),
 * read from the generated values. A duration is typed as text and sent as a whole number; an
 * empty meeting link is left out. Whether the time exists and lies ahead is the server's to say.
 */
export const invitationSchema: z.ZodType<InvitationInput, InvitationValues> = z
  .object({
    date: z
      .string()
      .refine((s) => s !== '', msg('date').required)
      .refine(realDate, msg('date').format),
    time: z
      .string()
      .refine((s) => s !== '', msg('time').required)
      .refine(matches(rules.time.pattern), msg('time').pattern),
    timeZone: z
      .string()
      .trim()
      .refine((s) => s !== '', msg('timeZone').required)
      .refine((s) => length(s) <= rules.timeZone.maxLength, msg('timeZone').maxLength)
      .refine(matches(rules.timeZone.pattern), msg('timeZone').pattern),
    durationMinutes: z
      .string()
      .trim()
      .refine((s) => s !== '', msg('durationMinutes').required)
      .refine((s) => /^\d+$/.test(s), msg('durationMinutes').type)
      .transform(Number)
      .refine(
        (n) => n >= rules.durationMinutes.minimum && n <= rules.durationMinutes.maximum,
        msg('durationMinutes').minimum,
      ),
    meetingUrl: z
      .string()
      .trim()
      .refine((s) => length(s) <= rules.meetingUrl.maxLength, msg('meetingUrl').maxLength)
      .refine((s) => s === '' || matches(rules.meetingUrl.pattern)(s), msg('meetingUrl').pattern),
  })
  .transform(({ meetingUrl, ...rest }) => (meetingUrl ? { ...rest, meetingUrl } : rest));

/** Sends or moves a demo's invitation (scheduleDemoInvitation); the demo becomes confirmed. */
export function useScheduleInvitation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: InvitationInput) =>
      (await api.PUT('/api/demos/{id}/invitation', { params: { path: { id } }, body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

/** Cancels it (cancelDemoInvitation); the demo becomes cancelled. */
export function useCancelInvitation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.DELETE('/api/demos/{id}/invitation', { params: { path: { id } } })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}
