import { createFileRoute, notFound } from '@tanstack/react-router';
import { leadQuery } from '../../../features/admin/api/leads.ts';
import { LeadDetails } from '../../../features/admin/components/lead-details.tsx';
import { kindParams, parseId, type LeadKind } from '../../../features/admin/desk-routes.ts';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/<kind>/<id>: one lead whole. An unknown kind or id is the app's not-found page. */
export const Route = createFileRoute('/admin/_desk/$kind/$id')({
  params: {
    parse: ({ kind, id }: { kind: string; id: string }) => ({
      ...kindParams.parse({ kind }),
      id: parseId(id),
    }),
    stringify: ({ kind, id }: { kind: LeadKind; id: number }) => ({ kind, id: String(id) }),
  },
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, params }) => {
    if (!(await context.queryClient.ensureQueryData(leadQuery(params.kind, params.id)))) throw notFound();
  },
  errorComponent: DeskError,
  component: LeadPage,
});

function LeadPage() {
  const { kind, id } = Route.useParams();
  return <LeadDetails kind={kind} id={id} />;
}
