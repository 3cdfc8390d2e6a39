import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { LinkPage } from './-components/link-page.tsx';

/** The confirmation email's link (docs/product.md#follow-up): one button posts its token. */
export const Route = createFileRoute('/newsletter/confirm')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo(
      'Confirm your subscription | TextFlow',
      'Confirm your subscription to the TextFlow newsletter.',
    ),
  component: () => <LinkPage action="confirm" title="Confirm your subscription" />,
});
