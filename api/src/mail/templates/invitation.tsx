/** @jsxRuntime automatic @jsxImportSource react */
import { Action, Fields, Layout, Paragraph } from './layout.tsx';

export type InvitationChange = 'new' | 'moved' | 'cancelled';

const intro: Record<InvitationChange, string> = {
  new: 'Your TextFlow demo is booked. The invitation is attached: add it to your calendar.',
  moved: 'Your TextFlow demo has moved to a new time. The updated invitation is attached.',
  cancelled: 'Your TextFlow demo has been cancelled. Reply to this email to find another time.',
};

/** A demo's calendar invitation, its update, or its cancellation; the .ics travels with it. */
export function Invitation({
  name,
  title,
  change,
  details,
  manageUrl,
}: {
  name: string;
  title: string;
  change: InvitationChange;
  details: { label: string; value: string }[];
  /** A booked slot's own link to move or cancel it (docs/demo-slots.md#moving-or-cancelling). */
  manageUrl?: string;
}) {
  return (
    <Layout preview={intro[change]} title={title}>
      <Paragraph>Hi {name},</Paragraph>
      <Paragraph>{intro[change]}</Paragraph>
      <Fields rows={details} />
      {manageUrl && (
        <>
          <Paragraph>Another time suits you better, or you cannot make it?</Paragraph>
          <Action href={manageUrl}>Reschedule or cancel</Action>
        </>
      )}
    </Layout>
  );
}
