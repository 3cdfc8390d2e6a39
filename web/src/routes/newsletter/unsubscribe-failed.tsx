import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { OutcomePage } from './-components/outcome-page.tsx';

/** Where the unsubscribe page's form lands without JavaScript when it could not unsubscribe (docs/product.md#newsletter-without-javascript). */
export const Route = createFileRoute('/newsletter/unsubscribe-failed')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo(
      'Unsubscribe failed | TextFlow',
      'This link could not unsubscribe you from the TextFlow newsletter.',
    ),
  component: () => <OutcomePage action="unsubscribe" ok={false} />,
});
