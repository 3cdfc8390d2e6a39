import { Heading, SimpleGrid, Text, Card } from '@chakra-ui/react';

/** A row of three short cards (a title and a line of text) above a page's main content. */
export function InfoCards({ cards }: { cards: { title: string; text: string }[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mb="10">
      {cards.map((c) => (
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
  );
}
