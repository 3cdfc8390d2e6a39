import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { leadQuery } from '../api/leads.ts';
import type { LeadKind } from '../desk-routes.ts';
import { leadViews, type LeadView } from './lead-views.tsx';
import { LeadDeliveries } from './webhooks/lead-deliveries.tsx';

// What a lead's page will gather as the product grows. Nothing records these yet, and the page says
// so rather than show an empty list that would read as "none happened".
const laterSections = [
  { id: 'history', title: 'History', empty: 'The desk does not record a lead’s history yet.' },
  { id: 'emails', title: 'Emails', empty: 'The desk does not record emails yet.' },
];

/** One lead whole: every field of its kind, its status control, its webhook deliveries, and the places for what comes later. */
export function LeadDetails<K extends LeadKind>({ kind, id }: { kind: K; id: number }) {
  const view = leadViews[kind] as LeadView<K>;
  const { data: lead } = useQuery(leadQuery(kind, id));
  // The route's loader fetched the lead (or answered "not found") before this rendered.
  if (!lead) return null;
  return (
    <Stack gap="6">
      <ChakraLink asChild variant="underline" alignSelf="flex-start">
        <Link to="/admin/$kind" params={{ kind }}>
          Back to {view.title}
        </Link>
      </ChakraLink>
      <HStack gap="3" flexWrap="wrap">
        <Heading as="h2" size="xl">
          {view.name(lead)}
        </Heading>
        <Badge>{view.title}</Badge>
      </HStack>
      <Card.Root>
        <Card.Body>
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="3">
            {view.fields.map((f) => (
              <Box key={f.header} display="contents">
                <Text as="dt" fontWeight="semibold">
                  {f.header}
                </Text>
                <Box as="dd" mb={{ base: '2', md: '0' }}>
                  {f.cell(lead)}
                </Box>
              </Box>
            ))}
          </Box>
        </Card.Body>
      </Card.Root>
      {laterSections.map((s) => (
        <Card.Root as="section" key={s.id} aria-labelledby={`lead-${s.id}`}>
          <Card.Header>
            <Heading as="h3" size="md" id={`lead-${s.id}`}>
              {s.title}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Text color="gray.700">{s.empty}</Text>
          </Card.Body>
        </Card.Root>
      ))}
      <LeadDeliveries kind={kind} id={id} />
    </Stack>
  );
}
