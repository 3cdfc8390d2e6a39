import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { OutcomePage } from './-components/outcome-page.tsx';

/** Where the unsubscribe page's form lands without JavaScript when it unsubscribed (docs/product.md#newsletter-without-javascript). */
export const Route = createFileRoute('/newsletter/unsubscribed')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo(
      'You are unsubscribed | TextFlow',
      'You will receive no more TextFlow newsletter emails at this address.',
    ),
  component: () => <OutcomePage action="unsubscribe" ok={true} />,
});
