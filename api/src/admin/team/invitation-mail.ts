import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { schemas } from '@lead-desk/contract/values';
import type { Config } from '../../config.ts';
import { messageIdDomain } from '../../mail/addresses.ts';
import { renderParts, view } from '../../mail/render.ts';
import { TeamInvitation } from '../../mail/templates/team-invitation.tsx';
import { send } from '../../mail/transport.ts';

export type Delivery =
  | { delivery: 'sent'; error: null }
  | { delivery: 'held'; error: null }
  | { delivery: 'failed'; error: string };

const roleLabels = schemas.InvitedRole['x-enum-labels'] as Record<string, string>;

/**
 * Sends one invitation email while the admin waits, so the desk says at once whether it went out
 * (an admin can send it again); without SMTP_URL it is held, and the desk shows its link
 * (docs/operations.md#team-invitations). One connection per message: invitations are rare.
 */
export async function sendInvitation(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  m: { id: number; to: string; inviter: string; role: string; link: string },
): Promise<Delivery> {
  if (!config.smtpUrl) return { delivery: 'held', error: null };
  const { html, text } = await renderParts(
    view(TeamInvitation, { inviter: m.inviter, role: roleLabels[m.role] ?? m.role, acceptUrl: m.link }),
  );
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SMTPTransport.Options);
  try {
    const outcome = await send(transport, {
      messageId: `<team-invitation.${m.id}.${Date.now()}@${messageIdDomain(config.mailFrom)}>`,
      from: config.mailFrom,
      to: [m.to],
      subject: 'You are invited to the TextFlow lead desk',
      html,
      text,
      headers: {},
    });
    if (outcome.kind === 'sent' && outcome.rejected.length === 0) return { delivery: 'sent', error: null };
    return {
      delivery: 'failed',
      error: outcome.kind === 'sent' ? `refused: ${outcome.rejected.join(', ')}` : outcome.reason,
    };
  } finally {
    transport.close();
  }
}
