import type { Handlers } from '../http/typed.ts';
import { badRequest } from '../http/errors.ts';
import type { NewsletterService } from './newsletter.service.ts';

/** The links in newsletter emails, posted by the site's pages or by a mail client (RFC 8058). */
export function newsletterHandlers(
  newsletter: NewsletterService,
): Pick<Handlers, 'confirmNewsletter' | 'unsubscribeNewsletter'> {
  return {
    confirmNewsletter: async ({ body, ctx }) => {
      await newsletter.confirm(body.token, ctx.ip);
      return { status: 200, body: { confirmed: true } };
    },
    unsubscribeNewsletter: async ({ body, query }) => {
      // One-click: the token is in the URL the List-Unsubscribe header gave; the site's page sends JSON.
      const token = (body && 'token' in body ? body.token : undefined) ?? query.token;
      if (!token) {
        throw badRequest('The unsubscribe link is incomplete. Please open it again from the email.', [
          { path: '/token', message: 'token is required' },
        ]);
      }
      await newsletter.unsubscribe(token);
      return { status: 200, body: { unsubscribed: true } };
    },
  };
}
