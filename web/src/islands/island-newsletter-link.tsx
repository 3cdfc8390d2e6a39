import type { LinkAction } from '../features/newsletter/api/use-link.ts';
import { NewsletterLinkPage } from '../features/newsletter/components/newsletter-link-page.tsx';
import IslandProviders from './providers.tsx';

/**
 * A newsletter link's button. The token is read as the email wrote it, from the raw query string;
 * the page renders the same without it, so the prerendered markup matches.
 */
export function render(action: string, onReady: () => void) {
  const token = new URLSearchParams(window.location.search).get('token');
  return (
    <IslandProviders onReady={onReady}>
      <NewsletterLinkPage action={action as LinkAction} token={token} />
    </IslandProviders>
  );
}
