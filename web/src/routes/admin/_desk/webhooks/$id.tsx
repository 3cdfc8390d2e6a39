import { createFileRoute, notFound, useRouterState } from '@tanstack/react-router';
import { deliveriesPageQuery } from '../../../../features/desk/webhooks/api/webhook-deliveries.ts';
import { endpointQuery } from '../../../../features/desk/webhooks/api/webhooks.ts';
import { DeliveryLog } from '../../../../features/desk/webhooks/components/delivery-log.tsx';
import { EndpointPage } from '../../../../features/desk/webhooks/components/endpoint-page.tsx';
import { earlierCursors, parseId } from '../../../../features/desk/shared/desk-routes.ts';
import { parseDeliverySearch } from '../../../../features/desk/webhooks/webhook-routes.ts';
import { DeskError } from '../../-components/desk-error.tsx';

/** /admin/webhooks/<id>?event=…&status=…&since=…&cursor=…&delivery=…: one endpoint and its log. */
export const Route = createFileRoute('/admin/_desk/webhooks/$id')({
  params: {
    parse: ({ id }: { id: string }) => ({ id: parseId(id) }),
    stringify: ({ id }: { id: number }) => ({ id: String(id) }),
  },
  validateSearch: parseDeliverySearch,
  // Opening a delivery does not fetch the page again: only the filters and the page do.
  loaderDeps: ({ search: { event, status, since, cursor } }) => ({ event, status, since, cursor }),
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, params, deps }) => {
    const [endpoint] = await Promise.all([
      context.queryClient.ensureQueryData(endpointQuery(params.id)),
      // Also checks the filters against the contract's events and statuses (an Error when not).
      context.queryClient.ensureQueryData(deliveriesPageQuery({ endpointId: params.id }, deps)),
    ]);
    if (!endpoint) throw notFound();
  },
  head: () => ({ meta: [{ title: 'Webhook endpoint | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: EndpointRoute,
});

function EndpointRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The shown page's entry (not the one still loading): its cursors must match the rows shown.
  const earlier = useRouterState({
    select: (s) => earlierCursors((s.resolvedLocation ?? s.location).state),
  });
  return (
    <EndpointPage
      id={id}
      log={
        <DeliveryLog
          owner={{ endpointId: id }}
          search={search}
          earlier={earlier}
          onFilter={(filters) => void navigate({ search: filters, resetScroll: false })}
          onPage={(cursor, cursors) =>
            void navigate({
              search: ({ delivery: _, ...s }) => ({ ...s, cursor }),
              state: { cursors },
              resetScroll: false,
            })
          }
          onOpen={(delivery) =>
            void navigate({ search: (s) => ({ ...s, delivery }), replace: true, resetScroll: false })
          }
        />
      }
    />
  );
}
