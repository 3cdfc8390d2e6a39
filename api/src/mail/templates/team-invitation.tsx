/** @jsxRuntime automatic @jsxImportSource react */
import { Action, Layout, Paragraph } from './layout.tsx';

/** An invitation to the desk's team (docs/operations.md#team-invitations). */
export function TeamInvitation({
  inviter,
  role,
  acceptUrl,
}: {
  inviter: string;
  role: string;
  acceptUrl: string;
}) {
  return (
    <Layout preview="You are invited to the TextFlow lead desk" title="Join the TextFlow lead desk">
      <Paragraph>
        {inviter} invited you to the sales team's lead desk as a {role}. Follow the link to choose your
        username and password.
      </Paragraph>
      <Action href={acceptUrl}>Accept the invitation</Action>
      <Paragraph>
        The link works once, for this email address only, and is valid for 7 days. If you did not expect it,
        ignore this email.
      </Paragraph>
    </Layout>
  );
}
