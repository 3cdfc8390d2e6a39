/** @jsxRuntime automatic @jsxImportSource react */
import { Fields, Layout, Paragraph } from './layout.tsx';

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
}: {
  name: string;
  title: string;
  change: InvitationChange;
  details: { label: string; value: string }[];
}) {
  return (
    <Layout preview={intro[change]} title={title}>
      <Paragraph>Hi {name},</Paragraph>
      <Paragraph>{intro[change]}</Paragraph>
      <Fields rows={details} />
    </Layout>
  );
}
