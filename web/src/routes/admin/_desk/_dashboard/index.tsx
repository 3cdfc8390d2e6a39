import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { overviewQuery } from '../../../../features/admin/api/leads.ts';
import { OverviewPanel } from '../../../../features/admin/components/overview-panel.tsx';

/** /admin: the Overview tab (its data comes with the dashboard's loader). */
export const Route = createFileRoute('/admin/_desk/_dashboard/')({
  component: OverviewTab,
});

function OverviewTab() {
  const { data } = useQuery(overviewQuery);
  return data ? <OverviewPanel overview={data} /> : null;
}
