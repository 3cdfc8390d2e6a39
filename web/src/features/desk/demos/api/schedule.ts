import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@lead-desk/contract';
import { api, ApiError } from '../../../../lib/api-client.ts';
import { adminKey } from '../../shared/api/session.ts';

type S = components['schemas'];
export type DemoSchedule = S['DemoSchedule'];
/** The team's people, as the route passes them in (the team capability reads them). */
export type TeamMember = S['TeamMember'];
/** The schedule as the desk holds it: null (and no time) while the team has none. */
export interface ScheduleAnswer {
  schedule: DemoSchedule | null;
  updatedAt: string | null;
}

/** The team's demo schedule (docs/demo-slots.md#the-schedule). Its key starts with 'admin'. */
export const scheduleQuery = queryOptions({
  queryKey: [...adminKey, 'demo-schedule'],
  queryFn: async (): Promise<ScheduleAnswer> => (await api.GET('/api/demo-schedule')).data!,
});

/** Saves the whole schedule (saveDemoSchedule); the answer, as stored, is the page's schedule now. */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: DemoSchedule) => (await api.PUT('/api/demo-schedule', { body })).data!,
    onSuccess: (saved) => qc.setQueryData(scheduleQuery.queryKey, saved),
  });
}

/**
 * Removes it (removeDemoSchedule): prospects leave their wishes again. A 404 means it was already
 * gone (removed from another desk meanwhile), which is what was asked: answered `false`.
 */
export function useRemoveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<boolean> => {
      try {
        await api.DELETE('/api/demo-schedule');
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return false;
        throw e;
      }
    },
    onSuccess: () => qc.setQueryData(scheduleQuery.queryKey, { schedule: null, updatedAt: null }),
  });
}
