import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { COMPANY_CONTACT, LAST_UPDATED } from '../../content/legal.ts';
import { PageHero } from './page-hero.tsx';
import { SiteLayout } from './site-layout.tsx';

export function LegalPage({
  title,
  sections,
}: {
  title: string;
  sections: { title: string; body: string }[];
}) {
  return (
    <SiteLayout>
      <PageHero title={title} lead={`Last updated: ${LAST_UPDATED}`} />
      <Container maxW="3xl" py="12">
        <Stack gap="6">
          {sections.map((s, i) => (
            <section key={s.title}>
              <Heading as="h2" size="lg" mb="2">
                {i + 1}. {s.title}
              </Heading>
              <Text>{s.body}</Text>
            </section>
          ))}
          <section>
            <Heading as="h2" size="lg" mb="2">
              Contact Us
            </Heading>
            <Text>{COMPANY_CONTACT.name}</Text>
            <Text>{COMPANY_CONTACT.address}</Text>
            <Text>Email: {COMPANY_CONTACT.email}</Text>
            <Text>Phone: {COMPANY_CONTACT.phone}</Text>
          </section>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
