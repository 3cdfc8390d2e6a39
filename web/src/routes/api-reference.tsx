import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { PageHero } from './-components/page-hero.tsx';
import { SiteLayout } from './-components/site-layout.tsx';

export const Route = createFileRoute('/api-reference')({
  head: () =>
    seo(
      'API Reference | TextFlow',
      'Endpoints for SMS, voice calls, phone lookups and campaigns, with parameters and examples.',
      '/api-reference',
    ),
  component: () => (
    <SiteLayout>
      <PageHero title="API Reference" lead="Every endpoint with its parameters and examples." />
      <Container maxW="7xl" py="12">
        <Island name="api-explorer" />
      </Container>
    </SiteLayout>
  ),
});
