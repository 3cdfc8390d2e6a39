import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { overviewQuery } from '../../../../features/desk/leads/api/leads.ts';
import { Dashboard } from '../../../../features/desk/leads/components/dashboard.tsx';

/** The count cards and the tabs, around the open tab (/admin or /admin/<kind>). */
export const Route = createFileRoute('/admin/_desk/_dashboard')({
  // The loader comes with the component, not with every page's router: its query brings the API
  // client and TanStack Query, which the public pages never load.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(overviewQuery);
  },
  component: DashboardLayout,
});

function DashboardLayout() {
  const { kind } = useParams({ strict: false });
  return (
    <Dashboard tab={kind ?? 'overview'}>
      <Outlet />
    </Dashboard>
  );
}
