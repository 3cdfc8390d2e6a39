import { Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { Link } from '@tanstack/react-router';

type Sources = components['schemas']['Overview']['sources'];

/** The last 30 days' leads by source (docs/product.md#attribution); each opens its contacts. */
export function SourcesCard({ sources }: { sources: Sources }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Leads by source (last 30 days)
        </Heading>
      </Card.Header>
      <Card.Body>
        {sources.length === 0 ? (
          <Text color="fg.muted">No leads in the last 30 days.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Leads by source">
            {sources.map((s) => (
              <HStack as="li" key={s.source} justify="space-between">
                <ChakraLink asChild variant="underline">
                  <Link to="/admin/$kind" params={{ kind: 'contacts' }} search={{ source: s.source }}>
                    {s.source}
                  </Link>
                </ChakraLink>
                <Text fontWeight="semibold">{s.leads}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
