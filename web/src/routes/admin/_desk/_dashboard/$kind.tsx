import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { leadPageQuery } from '../../../../features/desk/leads/api/leads.ts';
import { LeadList } from '../../../../features/desk/leads/components/lead-list.tsx';
import { earlierCursors, kindParams, parseListSearch } from '../../../../features/desk/shared/desk-routes.ts';
import { membersQuery } from '../../../../features/desk/team/api/members.ts';
import { DeskError } from '../../-components/desk-error.tsx';

/**
 * /admin/<kind>?q=…&assignee=…&cursor=…: one list's tab, at the search, the assignee filter
 * (docs/product.md#assignment) and the page the URL names. The team's people (team) come in for
 * the assignee column and "Assign to ...".
 */
export const Route = createFileRoute('/admin/_desk/_dashboard/$kind')({
  params: kindParams,
  validateSearch: parseListSearch,
  loaderDeps: ({ search }) => search,
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, params, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(leadPageQuery(params.kind, deps)),
      context.queryClient.ensureQueryData(membersQuery),
    ]);
  },
  errorComponent: DeskError,
  component: ListTab,
});

function ListTab() {
  const { kind } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: people = [] } = useQuery(membersQuery);
  const { assignee } = search;
  // The shown page's entry (not the one still loading): its cursors must match the rows shown.
  const earlier = useRouterState({
    select: (s) => earlierCursors((s.resolvedLocation ?? s.location).state),
  });
  return (
    <LeadList
      // Another kind is another list: its search box starts from that list's URL.
      key={kind}
      kind={kind}
      search={search}
      earlier={earlier}
      // Typing refines the same place rather than making a new one: Back leaves the list.
      people={people}
      onSearch={(q) =>
        void navigate({
          // A new search keeps the other filters (docs/product.md#attribution) and starts at page 1.
          search: {
            ...(q ? { q } : {}),
            ...(assignee !== undefined ? { assignee } : {}),
            source: search.source,
            campaign: search.campaign,
          },
          replace: true,
          resetScroll: false,
        })
      }
      // Another filter is another place: Back returns to the list as it was.
      onAssignee={(next) =>
        void navigate({
          search: {
            ...(search.q ? { q: search.q } : {}),
            ...(next !== undefined ? { assignee: next } : {}),
            source: search.source,
            campaign: search.campaign,
          },
        })
      }
      onPage={(cursor, cursors) =>
        void navigate({ search: { ...search, cursor }, state: { cursors }, resetScroll: false })
      }
    />
  );
}
