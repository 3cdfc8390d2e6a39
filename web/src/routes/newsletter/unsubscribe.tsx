import { createFileRoute } from '@tanstack/react-router';
import { unlistedSeo } from '../../lib/seo.ts';
import { LinkPage } from './-components/link-page.tsx';

/** Every newsletter email's unsubscribe link (docs/product.md#follow-up): one button posts its token. */
export const Route = createFileRoute('/newsletter/unsubscribe')({
  staticData: { unlisted: true },
  head: () =>
    unlistedSeo('Unsubscribe | TextFlow', 'Stop receiving the TextFlow newsletter at your address.'),
  component: () => <LinkPage action="unsubscribe" title="Unsubscribe from the newsletter" />,
});
