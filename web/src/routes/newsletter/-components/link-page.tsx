import { useRouterState } from '@tanstack/react-router';
import { NewsletterLinkPage } from '../../../features/newsletter/components/newsletter-link-page.tsx';
import type { LinkAction } from '../../../features/newsletter/api/use-link.ts';
import { Island } from '../../../islands/island.tsx';
import { PageHero } from '../../-components/page-hero.tsx';
import { SiteLayout } from '../../-components/site-layout.tsx';

/**
 * A newsletter link's page. The token is read as the email wrote it, from the raw query string
 * (the router would read a token of digits and a dot as a number); the page renders the same
 * without it, so the prerendered HTML matches what the browser hydrates.
 */
export function LinkPage({ action, title }: { action: LinkAction; title: string }) {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const token = new URLSearchParams(searchStr).get('token');
  return (
    <SiteLayout>
      <PageHero title={title} />
      <Island name={`newsletter-link:${action}`}>
        <NewsletterLinkPage action={action} token={token} />
      </Island>
    </SiteLayout>
  );
}
