import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { scheduleQuery } from '../../../features/desk/demos/api/schedule.ts';
import { SchedulePage } from '../../../features/desk/demos/components/schedule-page.tsx';
import { membersQuery } from '../../../features/desk/team/api/members.ts';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/schedule: the team's demo schedule, for admins (docs/demo-slots.md#the-schedules-desk-page). */
export const Route = createFileRoute('/admin/_desk/schedule')({
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(scheduleQuery),
      context.queryClient.ensureQueryData(membersQuery),
    ]);
  },
  head: () => ({ meta: [{ title: 'Demo schedule | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: Schedule,
});

function Schedule() {
  // The hosts are chosen among the team's people (team).
  const { data: people = [] } = useQuery(membersQuery);
  return <SchedulePage people={people} />;
}
