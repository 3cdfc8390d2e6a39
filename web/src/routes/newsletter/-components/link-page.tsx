import type { LinkAction } from '../../../features/newsletter/api/use-link.ts';
import { Island } from '../../../islands/island.tsx';
import { PageHero } from '../../-components/page-hero.tsx';
import { SiteLayout } from '../../-components/site-layout.tsx';

/** A newsletter link's page: its button is an island (islands/island-newsletter-link.tsx). */
export function LinkPage({ action, title }: { action: LinkAction; title: string }) {
  return (
    <SiteLayout>
      <PageHero title={title} />
      <Island name="newsletter-link" arg={action} />
    </SiteLayout>
  );
}
