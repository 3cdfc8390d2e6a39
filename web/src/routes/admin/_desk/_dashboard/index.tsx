import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { overviewQuery } from '../../../../features/desk/leads/api/leads.ts';
import { DeliveryCard } from '../../../../features/desk/mail/components/delivery-card.tsx';
import { OverviewPanel } from '../../../../features/desk/leads/components/overview-panel.tsx';

/** /admin: the Overview tab (its data comes with the dashboard's loader) and email delivery. */
export const Route = createFileRoute('/admin/_desk/_dashboard/')({
  component: OverviewTab,
});

function OverviewTab() {
  const { data } = useQuery(overviewQuery);
  return (
    <Stack gap="6">
      {data && <OverviewPanel overview={data} />}
      <DeliveryCard />
    </Stack>
  );
}
