import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { PageHero } from './-components/page-hero.tsx';
import { SiteLayout } from './-components/site-layout.tsx';

export const Route = createFileRoute('/get-started')({
  head: () =>
    seo(
      'Get Started | TextFlow',
      'Request your account: AI SMS, data lookups and AI call warmup with no setup fees and a free trial.',
      '/get-started',
    ),
  component: () => (
    <SiteLayout>
      <PageHero
        title="Get Started"
        lead="Tell us about your business and we'll set you up within 24 hours."
      />
      <Container maxW="7xl" py="12">
        <Island name="lead-form" arg="get-started" />
      </Container>
    </SiteLayout>
  ),
});
