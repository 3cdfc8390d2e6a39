import { Container } from '@chakra-ui/react';
import type { FormName } from '../../../components/form-view.ts';
import { FormSent, formSentHead } from '../../../features/lead-forms/components/form-sent.tsx';
import { unlistedSeo } from '../../../lib/seo.ts';
import { SiteLayout } from '../../-components/site-layout.tsx';

/**
 * The route of the page a lead form lands on once the API took it without the form's code
 * (docs/product.md#forms-without-javascript): one per form, alike but for the form.
 */
export const formSentRoute = (kind: FormName) => ({
  staticData: { unlisted: true },
  head: () => {
    const { title, description } = formSentHead(kind);
    return unlistedSeo(title, description);
  },
  component: () => (
    <SiteLayout>
      <Container maxW="7xl" py="16">
        <FormSent kind={kind} />
      </Container>
    </SiteLayout>
  ),
});
