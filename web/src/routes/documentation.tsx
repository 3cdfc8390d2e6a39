import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { InfoCards } from './-components/info-cards.tsx';
import { PageHero } from './-components/page-hero.tsx';
import { SiteLayout } from './-components/site-layout.tsx';

const cards = [
  { title: 'Guides', text: 'Step-by-step guides from your first message to production.' },
  { title: 'API Reference', text: 'Every endpoint, parameter and response.' },
  { title: 'SDKs', text: 'Official libraries for Node.js, Python and PHP.' },
];

function Documentation() {
  return (
    <SiteLayout>
      <PageHero title="Documentation" lead="Everything you need to integrate messaging, voice and lookups." />
      <Container maxW="6xl" py="12">
        <InfoCards cards={cards} />
        <Island name="documentation" />
      </Container>
    </SiteLayout>
  );
}

export const Route = createFileRoute('/documentation')({
  head: () =>
    seo(
      'Documentation | TextFlow',
      'Quick start, API reference, SDKs for Node.js, Python and PHP, and webhooks with signature verification.',
      '/documentation',
    ),
  component: Documentation,
});
