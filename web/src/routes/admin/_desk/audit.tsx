import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { auditPageQuery, parseAuditSearch } from '../../../features/desk/audit/api/audit-entries.ts';
import { AuditPage } from '../../../features/desk/audit/components/audit-page.tsx';
import { membersQuery } from '../../../features/desk/team/api/members.ts';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/audit?action=…&actorId=…&from=…: the audit log for admins (docs/operations.md#audit-log). */
export const Route = createFileRoute('/admin/_desk/audit')({
  validateSearch: parseAuditSearch,
  loaderDeps: ({ search }) => search,
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(auditPageQuery(deps)),
      context.queryClient.ensureQueryData(membersQuery),
    ]);
  },
  head: () => ({ meta: [{ title: 'Audit log | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: Audit,
});

function Audit() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: members = [] } = useQuery(membersQuery);
  return <AuditPage search={search} members={members} onSearch={(next) => void navigate({ search: next })} />;
}
