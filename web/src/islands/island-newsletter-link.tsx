import type { LinkAction } from '../features/newsletter/api/use-link.ts';
import { NewsletterLinkPage } from '../features/newsletter/components/newsletter-link-page.tsx';

/**
 * A newsletter link's button. The token is read as the email wrote it, from the raw query string
 * (the router would read a token of digits and a dot as a number); the page is prerendered
 * without one, and renders the same with it until the button is pressed.
 */
export function Content({ arg }: { arg: LinkAction }) {
  const token =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('token');
  return <NewsletterLinkPage action={arg} token={token} />;
}
