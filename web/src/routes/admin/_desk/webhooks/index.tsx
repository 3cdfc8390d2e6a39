import { createFileRoute } from '@tanstack/react-router';
import { endpointsQuery } from '../../../../features/desk/webhooks/api/webhooks.ts';
import { EndpointList } from '../../../../features/desk/webhooks/components/endpoint-list.tsx';
import { DeskError } from '../../-components/desk-error.tsx';

/** /admin/webhooks: the webhook endpoints (docs/webhooks.md). */
export const Route = createFileRoute('/admin/_desk/webhooks/')({
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(endpointsQuery);
  },
  head: () => ({ meta: [{ title: 'Webhooks | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: EndpointList,
});
