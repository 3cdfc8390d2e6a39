import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { FormSent, formSentHead } from '../../features/lead-forms/components/form-sent.tsx';
import { unlistedSeo } from '../../lib/seo.ts';
import { SiteLayout } from '../-components/site-layout.tsx';

/** Where the newsletter form lands once the API took it without the form's code (docs/product.md#forms-without-javascript). */
export const Route = createFileRoute('/forms/newsletter-sent')({
  staticData: { unlisted: true },
  head: () => {
    const { title, description } = formSentHead('newsletter');
    return unlistedSeo(title, description);
  },
  component: () => (
    <SiteLayout>
      <Container maxW="7xl" py="16">
        <FormSent kind="newsletter" />
      </Container>
    </SiteLayout>
  ),
});
