import type { components } from '@lead-desk/contract';
import { kindBySlug } from '../leads/lead-kinds.ts';
import type { Config } from '../config.ts';
import { CONFIRM_TTL_MS, signToken } from '../newsletter/tokens.ts';
import { manageToken, manageUrl } from './manage-links.ts';
import { fromAddress, messageIdDomain } from './addresses.ts';
import { invitationIcs, type InvitationParams } from './calendar.ts';
import { view, type View } from './render.ts';
import { choicesOf, fieldsOf, leadText, type PersonKind, type PersonLead } from './lead-text.ts';
import { Acknowledgment } from './templates/acknowledgment.tsx';
import { Invitation } from './templates/invitation.tsx';
import { NewsletterConfirmation } from './templates/newsletter-confirmation.tsx';
import { SalesAlert } from './templates/sales-alert.tsx';
import { LeadAssigned } from './templates/lead-assigned.tsx';

type S = components['schemas'];

/** An outbox row as the worker reads it before the message is rendered. */
export interface OutboxRow {
  id: number;
  lead_kind: S['LeadKind'];
  lead_id: number;
  template: S['MailTemplate'];
  revision: number;
  params: Record<string, unknown>;
  created_at: Date;
}

export interface Composed {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  view: View;
  headers: Record<string, string>;
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export type ComposeConfig = Pick<Config, 'publicUrl' | 'mailFrom' | 'salesNotifyTo'>;
export type Composition = { ok: true; message: Composed } | { ok: false; held: string };

/**
 * A Message-ID that the same outbox row always gets (its key and id), so a receiving server or
 * mail client that sees one message twice (the crash window, docs/operations.md#email) can tell.
 */
export function messageIdOf(row: OutboxRow, mailFrom: string): string {
  return `<${row.template}.${row.lead_kind}-${row.lead_id}.r${row.revision}.m${row.id}@${messageIdDomain(mailFrom)}>`;
}

/** A sales alert's title, alone or in a digest: "New contact message: Ada Lovelace (Engines & Co)". */
export const alertTitle = (kind: PersonKind, lead: PersonLead) =>
  `${leadText[kind].alertTitle}: ${lead.name}${lead.company ? ` (${lead.company})` : ''}`;

/** A lead's page in the desk, as emails link to it. */
export const deskUrlOf = (publicUrl: string, kind: PersonKind, id: number) =>
  `${publicUrl}/admin/${kindBySlug(kind)!.deskPath}/${id}`;

const when = (p: InvitationParams) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: p.timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(p.startsAt)) + ` (${p.timeZone})`;

function personMessage(
  row: OutboxRow,
  lead: PersonLead,
  config: ComposeConfig,
  linkKey: Buffer,
): Composition {
  const kind = row.lead_kind as PersonKind;
  const text = leadText[kind];
  const from = config.mailFrom;
  if (row.template === 'sales-alert') {
    if (config.salesNotifyTo.length === 0)
      return { ok: false, held: 'SALES_NOTIFY_TO is not set: nobody to alert' };
    const title = alertTitle(kind, lead);
    const deskUrl = deskUrlOf(config.publicUrl, kind, lead.id);
    return {
      ok: true,
      message: {
        from,
        to: config.salesNotifyTo,
        replyTo: lead.email,
        subject: title,
        headers: {},
        view: view(SalesAlert, { title, fields: fieldsOf(kind, lead), deskUrl }),
      },
    };
  }
  if (row.template === 'acknowledgment') {
    return {
      ok: true,
      message: {
        from,
        to: [lead.email],
        subject: text.ackSubject,
        headers: {},
        view: view(Acknowledgment, {
          title: text.ackTitle,
          promise: text.promise,
          choices: choicesOf(kind, lead),
        }),
      },
    };
  }
  const p = row.params as unknown as InvitationParams;
  const prefix = { new: '', moved: 'Updated: ', cancelled: 'Cancelled: ' }[p.change];
  const subject = `${prefix}Your TextFlow demo on ${when(p)}`;
  const details = [
    { label: 'When', value: when(p) },
    { label: 'Duration', value: `${p.durationMinutes} minutes` },
    ...(p.meetingUrl ? [{ label: 'Meeting link', value: p.meetingUrl }] : []),
  ];
  // A booked slot's host organizes it and gets the same message; replies go to them.
  const hostEmail = p.host?.email ?? null;
  const people = {
    organizer: hostEmail
      ? { name: p.host!.name, email: hostEmail }
      : { name: 'TextFlow', email: fromAddress(from) },
    attendee: { name: lead.name, email: lead.email },
  };
  return {
    ok: true,
    message: {
      from,
      to: hostEmail ? [lead.email, hostEmail] : [lead.email],
      subject,
      headers: {},
      ...(hostEmail ? { replyTo: hostEmail } : {}),
      view: view(Invitation, {
        name: lead.name,
        title: subject,
        change: p.change,
        details,
        manageUrl: manageUrlOf(p, config, linkKey),
      }),
      calendar: { method: p.method, content: invitationIcs(p, people) },
    },
  };
}

/** A booked demo's link to move or cancel it, while it still stands. */
function manageUrlOf(p: InvitationParams, config: ComposeConfig, linkKey: Buffer): string | undefined {
  if (!p.manage || p.method === 'CANCEL') return undefined;
  return manageUrl(config.publicUrl, manageToken(linkKey, p.manage.bookingId, new Date(p.manage.endsAt)));
}

/** The confirmation link, and the unsubscribe link every newsletter email carries (RFC 8058). */
function newsletterMessage(
  row: OutboxRow,
  lead: S['NewsletterSubscriber'],
  config: ComposeConfig,
  key: Buffer,
) {
  const expires = new Date(row.created_at.getTime() + CONFIRM_TTL_MS);
  const consentId = Number(row.params.consentId);
  const confirmUrl = `${config.publicUrl}/newsletter/confirm?token=${signToken(key, 'confirm', consentId, expires)}`;
  const unsubscribeToken = signToken(key, 'unsubscribe', lead.id, null);
  const unsubscribeUrl = `${config.publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`;
  return {
    ok: true as const,
    message: {
      from: config.mailFrom,
      to: [lead.email],
      subject: 'Please confirm your TextFlow newsletter subscription',
      headers: {
        'List-Unsubscribe': `<${config.publicUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      view: view(NewsletterConfirmation, { confirmUrl, unsubscribeUrl }),
    },
  };
}

/**
 * "Assigned to you", to the assignee's address as it was when the lead was assigned; held when the
 * account has none. It names the lead by kind and number only: the person's details are in the desk
 * (docs/product.md#assignment).
 */
function assignedMessage(row: OutboxRow, config: ComposeConfig): Composition {
  const p = row.params as { username: string; email: string | null; by: string | null };
  if (!p.email) return { ok: false, held: `the account ${p.username} has no email address` };
  const kind = kindBySlug(row.lead_kind)!;
  const title = `Assigned to you: ${kind.noun} ${row.lead_id}`;
  return {
    ok: true,
    message: {
      from: config.mailFrom,
      to: [p.email],
      subject: title,
      headers: {},
      view: view(LeadAssigned, {
        title,
        by: p.by ?? 'The automatic assignment',
        deskUrl: `${config.publicUrl}/admin/${kind.deskPath}/${row.lead_id}`,
      }),
    },
  };
}

/** Who gets the message, and what it says (docs/product.md#follow-up). */
export function compose(row: OutboxRow, lead: unknown, config: ComposeConfig, linkKey: Buffer): Composition {
  if (row.template === 'lead-assigned') return assignedMessage(row, config);
  if (row.lead_kind === 'newsletter') {
    return newsletterMessage(row, lead as S['NewsletterSubscriber'], config, linkKey);
  }
  return personMessage(row, lead as PersonLead, config, linkKey);
}
