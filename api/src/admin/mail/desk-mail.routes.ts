import type { Context } from 'koa';
import { requestSource } from '../../audit/audit.ts';
import type { Handlers } from '../../http/typed.ts';
import type { AdminPrincipal } from '../../http/principal.ts';
import type { InvitationService } from '../leads/invitations.service.ts';
import type { DeskMailService } from './desk-mail.service.ts';

type Ops =
  | 'getLeadHistory'
  | 'getMailMessage'
  | 'resendMailMessage'
  | 'getDeliveryHealth'
  | 'scheduleDemoInvitation'
  | 'cancelDemoInvitation';

const admin = (ctx: Context) => (ctx.state.admin as AdminPrincipal).username;

/** The desk's follow-up: lead history, emails, sending again, delivery health, demo invitations. */
export function deskMailHandlers(mail: DeskMailService, invitations: InvitationService): Pick<Handlers, Ops> {
  return {
    getLeadHistory: async ({ params }) => ({ status: 200, body: await mail.history(params.kind, params.id) }),
    getMailMessage: async ({ params }) => ({ status: 200, body: await mail.message(params.id) }),
    resendMailMessage: async ({ params, ctx }) => ({
      status: 202,
      body: await mail.resend(params.id, admin(ctx), requestSource(ctx)),
    }),
    getDeliveryHealth: async () => ({ status: 200, body: await mail.health() }),
    scheduleDemoInvitation: async ({ params, body, ctx }) => ({
      status: 200,
      body: await invitations.schedule(params.id, body, admin(ctx), requestSource(ctx)),
    }),
    cancelDemoInvitation: async ({ params, ctx }) => ({
      status: 200,
      body: await invitations.cancel(params.id, admin(ctx), requestSource(ctx)),
    }),
  };
}
