import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { OutcomePage } from './-components/outcome-page.tsx';

/** Where the confirmation page's form lands without JavaScript when it confirmed (docs/product.md#newsletter-without-javascript). */
export const Route = createFileRoute('/newsletter/confirmed')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo(
      'Subscription confirmed | TextFlow',
      'Your subscription to the TextFlow newsletter is confirmed.',
    ),
  component: () => <OutcomePage action="confirm" ok={true} />,
});
