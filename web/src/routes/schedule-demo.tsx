import { Card, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { LazyDemoForm } from '../features/demo/components/lazy-demo-form.tsx';
import { seo } from '../lib/seo.ts';
import { StaticContent } from '../components/static-content.tsx';
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
        <StaticContent>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mb="10">
            {infoCards.map((c) => (
              <Card.Root key={c.title}>
                <Card.Body gap="2">
                  <Heading as="h2" size="md">
                    {c.title}
                  </Heading>
                  <Text color="gray.700">{c.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </StaticContent>
        <LazyDemoForm />
      </Container>
    </SiteLayout>
  ),
});
