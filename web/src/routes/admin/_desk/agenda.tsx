import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { agendaQuery, parseAgendaSearch } from '../../../features/desk/demos/api/agenda.ts';
import { AgendaPage } from '../../../features/desk/demos/components/agenda-page.tsx';
import { membersQuery } from '../../../features/desk/team/api/members.ts';
import { DeskError } from '../-components/desk-error.tsx';

/**
 * /admin/agenda?from=…&hostId=…: the demos booked in a week, by day (docs/demo-slots.md#the-agenda).
 * Not /admin/demos, which is the list of demo requests.
 */
export const Route = createFileRoute('/admin/_desk/agenda')({
  validateSearch: parseAgendaSearch,
  loaderDeps: ({ search }) => search,
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(agendaQuery(deps)),
      context.queryClient.ensureQueryData(membersQuery),
    ]);
  },
  head: () => ({ meta: [{ title: 'Demo agenda | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: Agenda,
});

function Agenda() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The host filter offers the team's people (team).
  const { data: people = [] } = useQuery(membersQuery);
  return <AgendaPage search={search} people={people} onSearch={(next) => void navigate({ search: next })} />;
}
