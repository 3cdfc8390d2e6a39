import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { OutcomePage } from './-components/outcome-page.tsx';

/** Where the confirmation page's form lands without JavaScript when it could not confirm (docs/product.md#newsletter-without-javascript). */
export const Route = createFileRoute('/newsletter/confirm-failed')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo(
      'Confirmation failed | TextFlow',
      'This link could not confirm your subscription to the TextFlow newsletter.',
    ),
  component: () => <OutcomePage action="confirm" ok={false} />,
});
