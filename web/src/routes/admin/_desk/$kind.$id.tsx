import { createFileRoute, notFound } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { leadQuery } from '../../../features/desk/leads/api/leads.ts';
import { LeadDetails } from '../../../features/desk/leads/components/lead-details.tsx';
import { historyKind, historyQuery } from '../../../features/desk/mail/api/follow-up.ts';
import { InvitationForm } from '../../../features/desk/mail/components/invitation-form.tsx';
import { FollowUp } from '../../../features/desk/mail/components/lead-follow-up.tsx';
import { notesQuery } from '../../../features/desk/notes/api/notes.ts';
import { NoteForm } from '../../../features/desk/notes/components/note-form.tsx';
import { useNoteTimeline } from '../../../features/desk/notes/components/note-timeline.tsx';
import type { Lead } from '../../../features/desk/shared/api/lead.ts';
import { sessionQuery, useCan } from '../../../features/desk/shared/api/session.ts';
import { kindParams, parseId, type LeadKind } from '../../../features/desk/shared/desk-routes.ts';
import { membersQuery } from '../../../features/desk/team/api/members.ts';
import { LeadDeliveries } from '../../../features/desk/webhooks/components/lead-deliveries.tsx';
import { CorrectLeadForm } from '../../../features/desk/privacy/components/correct-lead-form.tsx';
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
  // The open email (`?message=<id>`); anything else in the address is dropped.
  validateSearch: (raw: Record<string, unknown>): { message?: number } => {
    const n = Number(raw.message);
    return Number.isSafeInteger(n) && n > 0 ? { message: n } : {};
  },
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: async ({ context, params }) => {
    if (!(await context.queryClient.ensureQueryData(leadQuery(params.kind, params.id)))) throw notFound();
    // The history starts loading with the lead; the page shows it as soon as it comes.
    void context.queryClient.prefetchQuery(historyQuery(params.kind, params.id));
    void context.queryClient.prefetchQuery(notesQuery({ kind: historyKind[params.kind], id: params.id }));
    void context.queryClient.prefetchQuery(membersQuery);
  },
  errorComponent: DeskError,
  component: LeadPage,
});

function LeadPage() {
  const { kind, id } = Route.useParams();
  const { message } = Route.useSearch();
  // The lead's page is where the desk's capabilities meet: the lead's fields (leads), the demo
  // invitation, its history and emails (mail), notes (notes), webhook deliveries (webhooks),
  // the correction of its personal data (privacy); the team's people (team) for its assignee.
  const { data: lead } = useQuery(leadQuery(kind, id));
  const { data: people = [] } = useQuery(membersQuery);
  const mayInvite = useCan('scheduleDemoInvitation');
  const mayReadWebhooks = useCan('listWebhookDeliveries');
  const noteLead = { kind: historyKind[kind], id };
  const mayWrite = useCan('createLeadNote');
  const mayCorrect = useCan('correctLeadPersonalData');
  const entries = useNoteTimeline(noteLead, { username: useQuery(sessionQuery).data?.username, mayWrite });
  return (
    <LeadDetails kind={kind} id={id} people={people}>
      {kind === 'demos' && mayInvite && lead && <InvitationForm demo={lead as Lead<'demos'>} />}
      <FollowUp
        kind={kind}
        id={id}
        openMessage={message}
        notes={{ entries, form: mayWrite ? <NoteForm lead={noteLead} /> : null }}
      />
      {mayReadWebhooks && <LeadDeliveries kind={kind} id={id} />}
      {mayCorrect && lead && (
        <CorrectLeadForm
          kind={historyKind[kind]}
          id={id}
          values={lead as Partial<Record<'name' | 'email' | 'phone' | 'company', string>>}
        />
      )}
    </LeadDetails>
  );
}
