import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';

type S = components['schemas'];

/** The contract's words for what happened, which email it was, and where it stands. */
export const eventLabel = (type: S['LeadEventType']) => schemas.LeadEventType['x-enum-labels'][type];
export const templateLabel = (t: S['MailTemplate']) => schemas.MailTemplate['x-enum-labels'][t];
export const mailStatusLabel = (s: S['MailStatus']) => schemas.MailStatus['x-enum-labels'][s];

export const mailStatusPalette: Record<S['MailStatus'], string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  held: 'orange',
};

/** A history line's colour: trouble stands out, the rest stays quiet. */
export const eventPalette = (type: S['LeadEventType']): string =>
  type === 'failed'
    ? 'red'
    : type === 'retrying' || type === 'interrupted' || type === 'held'
      ? 'orange'
      : type === 'sent' || type === 'confirmed' || type === 'invitation-sent'
        ? 'green'
        : 'gray';
