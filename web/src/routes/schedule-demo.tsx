import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { Island } from '../islands/island.tsx';
import { seo } from '../lib/seo.ts';
import { InfoCards } from './-components/info-cards.tsx';
import { PageHero } from './-components/page-hero.tsx';
import { SiteLayout } from './-components/site-layout.tsx';

const infoCards = [
  { title: '30-Minute Demo', text: 'A focused walkthrough of the features that matter to you.' },
  { title: 'Flexible Timing', text: 'Pick the day and time that suit your schedule.' },
  { title: 'Live Q&A', text: 'Ask our product experts anything, live.' },
];

export const Route = createFileRoute('/schedule-demo')({
  head: () =>
    seo(
      'Schedule a Demo | TextFlow',
      'Book a 30-minute live demo of AI SMS, voice agents and data lookups with a product expert.',
      '/schedule-demo',
    ),
  component: () => (
    <SiteLayout>
      <PageHero
        title="Schedule a Demo"
        lead="See how AI messaging and voice agents can grow your business."
      />
      <Container maxW="7xl" py="12">
        <InfoCards cards={infoCards} />
        <Island name="lead-form" arg="demo" />
      </Container>
    </SiteLayout>
  ),
});
